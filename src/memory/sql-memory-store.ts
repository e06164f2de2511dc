import { MemoryError } from "../errors/memory-error.js";
import type { PreferredEdit } from "../repair/prefer-edits.js";
import type { Language } from "../shared/language.js";
import type { MemoryEntry, NewMemory } from "./memory-entry.js";
import type { MemoryFile } from "./memory-file-schema.js";
import { memoryId } from "./memory-id.js";
import type { MemoryStore } from "./memory-store.js";
import { type RankedMemory, rankMemories, type RecallQuery } from "./rank-memories.js";

/**
 * A remembered fix as a row of either database, once the store has turned its own column types
 * into these (SQLite keeps the edits as JSON text, Postgres as jsonb; Postgres gives its times
 * as `Date`s, SQLite as the ISO strings it was given).
 */
export interface MemoryRow {
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
  created_at: string;
  last_used: string;
}

/** Statements on one connection, with `$1`-style parameters, rows already made `MemoryRow`s. */
export interface MemorySqlSession {
  select(sql: string, values?: readonly unknown[]): Promise<MemoryRow[]>;
  /** Runs a statement; returns the number of rows it changed. */
  execute(sql: string, values?: readonly unknown[]): Promise<number>;
}

/** What a database gives the memory: statements, transactions (all or none), closing. */
export interface MemoryDatabase extends MemorySqlSession {
  transaction<T>(work: (session: MemorySqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The columns in the order the inserts give them; `verified` is a literal TRUE, which both databases read. */
const INSERT = (table: string) =>
  `INSERT INTO ${table} (id, language, signature, error_type, summary, diff, edits, made_by, verified, times_used, times_helped, created_at, last_used)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, TRUE, $9, $10, $11, $12)`;

/** Least recently used last; of two used at once, the older entry goes first. */
const RECENT_FIRST = "last_used DESC, created_at DESC, id";

/**
 * The error -> fix memory in a SQL table, written once for both databases: the statements are
 * those SQLite and Postgres both read, so a store only opens its database and turns its rows
 * into `MemoryRow`s. Every failure to read or write is a `MemoryError` naming the location.
 */
export class SqlMemoryStore implements MemoryStore {
  protected constructor(
    readonly location: string,
    private readonly table: string,
    private readonly db: MemoryDatabase,
    private readonly maxEntries: number,
  ) {}

  async record(fix: NewMemory, now = new Date()): Promise<string> {
    const id = memoryId(fix);
    const stamp = now.toISOString();
    await this.transaction(async (session) => {
      await session.execute(
        `${INSERT(this.table)} ON CONFLICT (id) DO UPDATE SET last_used = excluded.last_used`,
        columnsOf({ ...fix, id, timesUsed: 0, timesHelped: 0, createdAt: stamp, lastUsed: stamp }),
      );
      await this.evict(session);
    });
    return id;
  }

  async recall(language: Language, query: RecallQuery, limit: number, now = new Date()): Promise<RankedMemory[]> {
    return this.transaction(async (session) => {
      const rows = await session.select(`SELECT * FROM ${this.table} WHERE language = $1`, [language]);
      const ranked = rankMemories(query, rows.map(entryOf), limit);
      for (const { entry } of ranked) {
        await session.execute(`UPDATE ${this.table} SET times_used = times_used + 1, last_used = $1 WHERE id = $2`, [now.toISOString(), entry.id]);
      }
      return ranked;
    });
  }

  async markHelped(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.transaction(async (session) => {
      for (const id of ids) await session.execute(`UPDATE ${this.table} SET times_helped = times_helped + 1 WHERE id = $1`, [id]);
    });
  }

  async list(): Promise<MemoryEntry[]> {
    return this.guard(async () => (await this.db.select(`SELECT * FROM ${this.table} ORDER BY last_used DESC, id`)).map(entryOf));
  }

  async get(id: string): Promise<MemoryEntry | undefined> {
    return this.guard(async () => {
      const rows = await this.db.select(`SELECT * FROM ${this.table} WHERE id = $1 OR (length($1) >= 4 AND substr(id, 1, length($1)) = $1) ORDER BY id LIMIT 2`, [id]);
      const exact = rows.find((row) => row.id === id);
      return exact ? entryOf(exact) : rows.length === 1 ? entryOf(rows[0]) : undefined;
    });
  }

  async forget(id: string): Promise<boolean> {
    return this.guard(async () => (await this.db.execute(`DELETE FROM ${this.table} WHERE id = $1`, [id])) > 0);
  }

  async clear(): Promise<number> {
    return this.guard(() => this.db.execute(`DELETE FROM ${this.table}`));
  }

  async export(now = new Date()): Promise<MemoryFile> {
    return { schemaVersion: 1, kind: "mendloop-memory", exportedAt: now.toISOString(), entries: await this.list() };
  }

  async import(file: MemoryFile): Promise<number> {
    const larger = (column: string) => `CASE WHEN excluded.${column} > ${this.table}.${column} THEN excluded.${column} ELSE ${this.table}.${column} END`;
    await this.transaction(async (session) => {
      for (const entry of file.entries) {
        await session.execute(
          `${INSERT(this.table)} ON CONFLICT (id) DO UPDATE SET
             times_used = ${larger("times_used")}, times_helped = ${larger("times_helped")}, last_used = ${larger("last_used")}`,
          columnsOf(entry),
        );
      }
      await this.evict(session);
    });
    return file.entries.length;
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  private async evict(session: MemorySqlSession): Promise<void> {
    await session.execute(`DELETE FROM ${this.table} WHERE id NOT IN (SELECT id FROM ${this.table} ORDER BY ${RECENT_FIRST} LIMIT $1)`, [this.maxEntries]);
  }

  private transaction<T>(work: (session: MemorySqlSession) => Promise<T>): Promise<T> {
    return this.guard(() => this.db.transaction(work));
  }

  /** A failure of the database under way (a full disk, a dropped connection) as a `MemoryError`. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw memoryErrorOf(this.location, error);
    }
  }
}

/** `error` as the `MemoryError` that says the memory at `location` cannot be used, and why. */
export function memoryErrorOf(location: string, error: unknown): MemoryError {
  if (MemoryError.isInstance(error)) return error;
  const reason = error instanceof Error ? error.message || error.name : String(error);
  return new MemoryError(location, `memory ${location} is unusable: ${reason}`, { cause: error });
}

/** An entry's values in the order of `INSERT`'s parameters (the edits as JSON, which both databases take). */
function columnsOf(entry: Omit<MemoryEntry, "verified" | "edits"> & { edits: readonly unknown[] }): unknown[] {
  return [
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
  ];
}

function entryOf(row: MemoryRow): MemoryEntry {
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
    createdAt: row.created_at,
    lastUsed: row.last_used,
  };
}
