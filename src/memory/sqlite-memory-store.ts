import Database from "better-sqlite3";
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MemoryError } from "../errors/memory-error.js";
import type { PreferredEdit } from "../repair/prefer-edits.js";
import type { Language } from "../shared/language.js";
import type { MemoryEntry, NewMemory } from "./memory-entry.js";
import type { MemoryFile } from "./memory-file-schema.js";
import { memoryId } from "./memory-id.js";
import { DEFAULT_MAX_ENTRIES, type MemoryStore, type MemoryStoreOptions } from "./memory-store.js";
import { type RankedMemory, rankMemories, type RecallQuery } from "./rank-memories.js";
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

interface Row {
  id: string;
  language: Language;
  signature: string;
  error_type: string;
  summary: string;
  diff: string;
  edits: string;
  made_by: string;
  times_used: number;
  times_helped: number;
  created_at: string;
  last_used: string;
}

/**
 * The error -> fix memory in one SQLite file, the default (in the user's data folder). The
 * file is read and written synchronously (better-sqlite3); the methods are async only to be
 * interchangeable with the Postgres store's.
 */
export class SqliteMemoryStore implements MemoryStore {
  private constructor(
    readonly location: string,
    private readonly db: Database.Database,
    private readonly maxEntries: number,
  ) {}

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
      if (MemoryError.isInstance(error)) throw error;
      throw new MemoryError(path, `memory ${path} is unusable: ${reasonOf(error)}`, { cause: error });
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
    return new SqliteMemoryStore(path, db, maxEntries);
  }

  async record(fix: NewMemory, now = new Date()): Promise<string> {
    const id = memoryId(fix);
    const stamp = now.toISOString();
    this.guard(() => {
      this.db
        .prepare(
          `INSERT INTO fixes (id, language, signature, error_type, summary, diff, edits, made_by, verified, created_at, last_used)
           VALUES (@id, @language, @signature, @errorType, @summary, @diff, @edits, @madeBy, 1, @stamp, @stamp)
           ON CONFLICT (id) DO UPDATE SET last_used = excluded.last_used`,
        )
        .run({ ...fix, id, edits: JSON.stringify(fix.edits), stamp });
      this.evict();
    });
    return id;
  }

  async recall(language: Language, query: RecallQuery, limit: number, now = new Date()): Promise<RankedMemory[]> {
    return this.guard(() => {
      const rows = this.db.prepare("SELECT * FROM fixes WHERE language = ?").all(language) as Row[];
      const ranked = rankMemories(query, rows.map(entryOf), limit);
      const use = this.db.prepare("UPDATE fixes SET times_used = times_used + 1, last_used = ? WHERE id = ?");
      this.db.transaction(() => {
        for (const { entry } of ranked) use.run(now.toISOString(), entry.id);
      })();
      return ranked;
    });
  }

  async markHelped(ids: readonly string[]): Promise<void> {
    this.guard(() => {
      const help = this.db.prepare("UPDATE fixes SET times_helped = times_helped + 1 WHERE id = ?");
      this.db.transaction(() => {
        for (const id of ids) help.run(id);
      })();
    });
  }

  async list(): Promise<MemoryEntry[]> {
    return this.guard(() => (this.db.prepare("SELECT * FROM fixes ORDER BY last_used DESC, id").all() as Row[]).map(entryOf));
  }

  async get(id: string): Promise<MemoryEntry | undefined> {
    return this.guard(() => {
      const rows = this.db.prepare("SELECT * FROM fixes WHERE id = ? OR (length(?) >= 4 AND substr(id, 1, length(?)) = ?) LIMIT 2").all(id, id, id, id) as Row[];
      const exact = rows.find((row) => row.id === id);
      return exact ? entryOf(exact) : rows.length === 1 ? entryOf(rows[0]) : undefined;
    });
  }

  async forget(id: string): Promise<boolean> {
    return this.guard(() => this.db.prepare("DELETE FROM fixes WHERE id = ?").run(id).changes > 0);
  }

  async clear(): Promise<number> {
    return this.guard(() => this.db.prepare("DELETE FROM fixes").run().changes);
  }

  async export(now = new Date()): Promise<MemoryFile> {
    return { schemaVersion: 1, kind: "mendloop-memory", exportedAt: now.toISOString(), entries: await this.list() };
  }

  async import(file: MemoryFile): Promise<number> {
    return this.guard(() => {
      const upsert = this.db.prepare(
        `INSERT INTO fixes (id, language, signature, error_type, summary, diff, edits, made_by, verified, times_used, times_helped, created_at, last_used)
         VALUES (@id, @language, @signature, @errorType, @summary, @diff, @edits, @madeBy, 1, @timesUsed, @timesHelped, @createdAt, @lastUsed)
         ON CONFLICT (id) DO UPDATE SET
           times_used = max(times_used, excluded.times_used),
           times_helped = max(times_helped, excluded.times_helped),
           last_used = max(last_used, excluded.last_used)`,
      );
      this.db.transaction(() => {
        for (const entry of file.entries) upsert.run({ ...entry, edits: JSON.stringify(entry.edits) });
        this.evict();
      })();
      return file.entries.length;
    });
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private evict(): void {
    this.db
      .prepare("DELETE FROM fixes WHERE id IN (SELECT id FROM fixes ORDER BY last_used DESC, created_at DESC, id LIMIT -1 OFFSET ?)")
      .run(this.maxEntries);
  }

  /** A failure of the file under way (a full disk, a file corrupted by another program) as a `MemoryError`. */
  private guard<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (MemoryError.isInstance(error)) throw error;
      throw new MemoryError(this.location, `memory ${this.location} is unusable: ${reasonOf(error)}`, { cause: error });
    }
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
    edits: JSON.parse(row.edits) as PreferredEdit[],
    madeBy: row.made_by,
    verified: true,
    timesUsed: row.times_used,
    timesHelped: row.times_helped,
    createdAt: row.created_at,
    lastUsed: row.last_used,
  };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
