import pg from "pg";
import { MemoryError } from "../errors/memory-error.js";
import type { PreferredEdit } from "../repair/prefer-edits.js";
import type { Language } from "../shared/language.js";
import type { MemoryEntry, NewMemory } from "./memory-entry.js";
import type { MemoryFile } from "./memory-file-schema.js";
import { memoryId } from "./memory-id.js";
import { DEFAULT_MAX_ENTRIES, type MemoryStore, type MemoryStoreOptions } from "./memory-store.js";
import { type RankedMemory, rankMemories, type RecallQuery } from "./rank-memories.js";
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

interface Row {
  id: string;
  language: Language;
  signature: string;
  error_type: string;
  summary: string;
  diff: string;
  edits: PreferredEdit[];
  made_by: string;
  times_used: number;
  times_helped: number;
  created_at: Date;
  last_used: Date;
}

const UPSERT = `insert into mend_memory (id, language, signature, error_type, summary, diff, edits, made_by, verified, times_used, times_helped, created_at, last_used)
  values ($1, $2, $3, $4, $5, $6, $7, $8, true, $9, $10, $11, $12)`;

/**
 * The error -> fix memory in Postgres, for runs on several machines (`--checkpoints
 * postgres://...` or `--memory postgres://...`): one table, `mend_memory`, beside the run
 * records; the same entries, ranking and bound as the SQLite store.
 */
export class PostgresMemoryStore implements MemoryStore {
  private constructor(
    readonly location: string,
    private readonly pool: pg.Pool,
    private readonly maxEntries: number,
  ) {}

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
    const store = new PostgresMemoryStore(location, pool, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
    try {
      await store.transaction(async (client) => {
        await client.query("select pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
        await client.query(SCHEMA);
      });
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return store;
  }

  async record(fix: NewMemory, now = new Date()): Promise<string> {
    const id = memoryId(fix);
    await this.transaction(async (client) => {
      await client.query(`${UPSERT} on conflict (id) do update set last_used = excluded.last_used`, [
        id,
        fix.language,
        fix.signature,
        fix.errorType,
        fix.summary,
        fix.diff,
        JSON.stringify(fix.edits),
        fix.madeBy,
        0,
        0,
        now,
        now,
      ]);
      await this.evict(client);
    });
    return id;
  }

  async recall(language: Language, query: RecallQuery, limit: number, now = new Date()): Promise<RankedMemory[]> {
    return this.transaction(async (client) => {
      const rows = (await client.query<Row>("select * from mend_memory where language = $1", [language])).rows;
      const ranked = rankMemories(query, rows.map(entryOf), limit);
      if (ranked.length > 0) {
        await client.query("update mend_memory set times_used = times_used + 1, last_used = $1 where id = any($2)", [now, ranked.map(({ entry }) => entry.id)]);
      }
      return ranked;
    });
  }

  async markHelped(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.query("update mend_memory set times_helped = times_helped + 1 where id = any($1)", [[...ids]]);
  }

  async list(): Promise<MemoryEntry[]> {
    return (await this.query<Row>("select * from mend_memory order by last_used desc, id")).rows.map(entryOf);
  }

  async get(id: string): Promise<MemoryEntry | undefined> {
    const rows = (
      await this.query<Row>("select * from mend_memory where id = $1 or (length($1) >= 4 and starts_with(id, $1)) order by id limit 2", [id])
    ).rows;
    const exact = rows.find((row) => row.id === id);
    return exact ? entryOf(exact) : rows.length === 1 ? entryOf(rows[0]) : undefined;
  }

  async forget(id: string): Promise<boolean> {
    return ((await this.query("delete from mend_memory where id = $1", [id])).rowCount ?? 0) > 0;
  }

  async clear(): Promise<number> {
    return (await this.query("delete from mend_memory")).rowCount ?? 0;
  }

  async export(now = new Date()): Promise<MemoryFile> {
    return { schemaVersion: 1, kind: "mendloop-memory", exportedAt: now.toISOString(), entries: await this.list() };
  }

  async import(file: MemoryFile): Promise<number> {
    await this.transaction(async (client) => {
      for (const entry of file.entries) {
        await client.query(
          `${UPSERT} on conflict (id) do update set
             times_used = greatest(mend_memory.times_used, excluded.times_used),
             times_helped = greatest(mend_memory.times_helped, excluded.times_helped),
             last_used = greatest(mend_memory.last_used, excluded.last_used)`,
          [
            entry.id,
            entry.language,
            entry.signature,
            entry.errorType,
            entry.summary,
            entry.diff,
            JSON.stringify(entry.edits),
            entry.madeBy,
            entry.timesUsed,
            entry.timesHelped,
            entry.createdAt,
            entry.lastUsed,
          ],
        );
      }
      await this.evict(client);
    });
    return file.entries.length;
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }

  private async evict(client: pg.PoolClient): Promise<void> {
    await client.query(
      "delete from mend_memory where id in (select id from mend_memory order by last_used desc, created_at desc, id offset $1)",
      [this.maxEntries],
    );
  }

  private async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (error) {
      throw this.unusable(error);
    }
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      await client.query("begin");
      const result = await work(client);
      await client.query("commit");
      return result;
    } catch (error) {
      await client?.query("rollback").catch(() => undefined);
      throw this.unusable(error);
    } finally {
      client?.release();
    }
  }

  private unusable(error: unknown): MemoryError {
    if (MemoryError.isInstance(error)) return error;
    const reason = error instanceof Error ? error.message || error.name : String(error);
    return new MemoryError(this.location, `memory ${this.location} is unusable: ${reason}`, { cause: error });
  }
}

function entryOf(row: Row): MemoryEntry {
  return {
    id: row.id,
    language: row.language,
    signature: row.signature,
    errorType: row.error_type,
    summary: row.summary,
    diff: row.diff,
    edits: row.edits,
    madeBy: row.made_by,
    verified: true,
    timesUsed: row.times_used,
    timesHelped: row.times_helped,
    createdAt: row.created_at.toISOString(),
    lastUsed: row.last_used.toISOString(),
  };
}
