import Database from "better-sqlite3";
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MemoryError } from "../errors/memory-error.js";
import type { PreferredEdit } from "../repair/prefer-edits.js";
import { DEFAULT_MAX_ENTRIES, type MemoryStoreOptions } from "./memory-store.js";
import { type MemoryDatabase, memoryErrorOf, type MemoryRow, type MemorySqlSession, SqlMemoryStore } from "./sql-memory-store.js";

/** Bumped when the table's meaning changes; a file of a later layout is refused, not misread. */
const LAYOUT = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS fixes (
  id TEXT PRIMARY KEY,
  language TEXT NOT NULL,
  signature TEXT NOT NULL,
  error_type TEXT NOT NULL,
  summary TEXT NOT NULL,
  diff TEXT NOT NULL,
  edits TEXT NOT NULL,
  made_by TEXT NOT NULL,
  verified INTEGER NOT NULL CHECK (verified = 1),
  times_used INTEGER NOT NULL DEFAULT 0,
  times_helped INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  last_used TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS fixes_by_language ON fixes (language, signature);
CREATE INDEX IF NOT EXISTS fixes_by_use ON fixes (last_used);
`;

/**
 * The error -> fix memory in one SQLite file, the default (in the user's data folder). The
 * statements and the ranking are `SqlMemoryStore`'s; this store opens the file and reads the
 * edits back from their JSON text (the times are the ISO strings they were written as).
 */
export class SqliteMemoryStore extends SqlMemoryStore {
  /** Opens (by default creating) the memory at `path`; throws `MemoryError` when it is unusable. */
  static open(path: string, options: MemoryStoreOptions = {}): SqliteMemoryStore {
    const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    // A command that only reads must not leave a file behind at a mistyped path.
    if (options.create === false && !existsSync(path)) return SqliteMemoryStore.prepare(path, new Database(":memory:"), maxEntries);
    let db: Database.Database | undefined;
    try {
      mkdirSync(dirname(path), { recursive: true });
      db = new Database(path, { timeout: 5_000 });
      return SqliteMemoryStore.prepare(path, db, maxEntries);
    } catch (error) {
      db?.close();
      throw memoryErrorOf(path, error);
    }
  }

  private static prepare(path: string, db: Database.Database, maxEntries: number): SqliteMemoryStore {
    // The first read finds out whether the file is a database at all ("file is not a database").
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    const layout = db.pragma("user_version", { simple: true }) as number;
    if (layout > LAYOUT) throw new MemoryError(path, `memory ${path} was written by a newer mend (layout ${layout})`);
    if (tables.length > 0 && !tables.includes("fixes")) throw new MemoryError(path, `${path} is a SQLite database, but not a mend memory`);
    db.pragma("journal_mode = WAL");
    db.exec(SCHEMA);
    db.pragma(`user_version = ${LAYOUT}`);
    return new SqliteMemoryStore(path, "fixes", new SqliteMemoryDatabase(db), maxEntries);
  }
}

type SqliteRow = Omit<MemoryRow, "edits"> & { edits: string };

/**
 * better-sqlite3 behind the memory's async statements. The calls are synchronous, but a
 * transaction's work awaits between them: transactions take turns, so that another caller's
 * statements never land inside one.
 */
class SqliteMemoryDatabase implements MemoryDatabase {
  private turn: Promise<unknown> = Promise.resolve();
  private readonly session: MemorySqlSession = {
    select: async (sql, values = []) => (this.statement(sql).all(...positional(sql, values)) as SqliteRow[]).map(rowOf),
    execute: async (sql, values = []) => this.statement(sql).run(...positional(sql, values)).changes,
  };

  constructor(private readonly db: Database.Database) {}

  select(sql: string, values?: readonly unknown[]): Promise<MemoryRow[]> {
    return this.inTurn(() => this.session.select(sql, values));
  }

  execute(sql: string, values?: readonly unknown[]): Promise<number> {
    return this.inTurn(() => this.session.execute(sql, values));
  }

  transaction<T>(work: (session: MemorySqlSession) => Promise<T>): Promise<T> {
    return this.inTurn(async () => {
      this.db.exec("BEGIN IMMEDIATE");
      try {
        const result = await work(this.session);
        this.db.exec("COMMIT");
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    await this.turn.catch(() => undefined);
    if (this.db.open) this.db.close();
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work, work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  private statement(sql: string): Database.Statement {
    return this.db.prepare(sql.replace(/\$\d+/g, "?"));
  }
}

/** SQLite's `?` parameters for `$1`-style ones: one value per occurrence, in order. */
function positional(sql: string, values: readonly unknown[]): unknown[] {
  return [...sql.matchAll(/\$(\d+)/g)].map((match) => values[Number(match[1]) - 1]);
}

function rowOf(row: SqliteRow): MemoryRow {
  return { ...row, edits: JSON.parse(row.edits) as PreferredEdit[] };
}
