import pg from "pg";
import { DEFAULT_MAX_ENTRIES, type MemoryStoreOptions } from "./memory-store.js";
import { type MemoryDatabase, memoryErrorOf, type MemoryRow, type MemorySqlSession, SqlMemoryStore } from "./sql-memory-store.js";
import { withoutPassword } from "./without-password.js";

/** Made by whichever process comes first; the lock keeps two from racing on `create`. */
const SCHEMA = `
create table if not exists mend_memory (
  id text primary key,
  language text not null,
  signature text not null,
  error_type text not null,
  summary text not null,
  diff text not null,
  edits jsonb not null,
  made_by text not null,
  verified boolean not null check (verified),
  times_used integer not null default 0,
  times_helped integer not null default 0,
  created_at timestamptz not null,
  last_used timestamptz not null
);
create index if not exists mend_memory_by_language on mend_memory (language, signature);
create index if not exists mend_memory_by_use on mend_memory (last_used);
`;
/** Any fixed number: the advisory lock held while the table is made. */
const SCHEMA_LOCK = 0x6d656d;

type PostgresRow = Omit<MemoryRow, "created_at" | "last_used"> & { created_at: Date; last_used: Date };

/**
 * The error -> fix memory in Postgres, for runs on several machines (`--checkpoints
 * postgres://...` or `--memory postgres://...`): one table, `mend_memory`, beside the run
 * records. The statements and the ranking are `SqlMemoryStore`'s; this store connects and
 * turns the times Postgres gives as `Date`s into ISO strings (the edits arrive parsed, as jsonb).
 */
export class PostgresMemoryStore extends SqlMemoryStore {
  /**
   * Connects and makes the table when missing (always: unlike a mistyped file path, a database
   * named on purpose gains nothing but an empty table); throws `MemoryError` when it cannot be used.
   */
  static async open(url: string, options: Pick<MemoryStoreOptions, "maxEntries"> = {}): Promise<PostgresMemoryStore> {
    const location = withoutPassword(url);
    // One connection is plenty for a run's few queries; more would only crowd a shared server.
    const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 10_000, allowExitOnIdle: true });
    // An idle connection the server drops (a restart) must not crash the process.
    pool.on("error", () => undefined);
    const db = new PostgresMemoryDatabase(pool);
    try {
      await db.transaction(async (session) => {
        await session.execute("select pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
        await session.execute(SCHEMA);
      });
    } catch (error) {
      await db.close();
      throw memoryErrorOf(location, error);
    }
    return new PostgresMemoryStore(location, "mend_memory", db, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
  }
}

class PostgresMemoryDatabase implements MemoryDatabase {
  constructor(private readonly pool: pg.Pool) {}

  select(sql: string, values?: readonly unknown[]): Promise<MemoryRow[]> {
    return sessionOf(this.pool).select(sql, values);
  }

  execute(sql: string, values?: readonly unknown[]): Promise<number> {
    return sessionOf(this.pool).execute(sql, values);
  }

  async transaction<T>(work: (session: MemorySqlSession) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("begin");
      const result = await work(sessionOf(client));
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}

/** Statements on the pool (each on whichever connection is free) or on one client (a transaction's). */
function sessionOf(queryable: pg.Pool | pg.PoolClient): MemorySqlSession {
  return {
    select: async (sql, values = []) => (await queryable.query<PostgresRow>(sql, [...values])).rows.map(rowOf),
    execute: async (sql, values = []) => (await queryable.query(sql, [...values])).rowCount ?? 0,
  };
}

function rowOf(row: PostgresRow): MemoryRow {
  return { ...row, created_at: row.created_at.toISOString(), last_used: row.last_used.toISOString() };
}
