import type { Language } from "../shared/language.js";
import type { MemoryEntry, NewMemory } from "./memory-entry.js";
import type { MemoryFile } from "./memory-file-schema.js";
import type { RankedMemory, RecallQuery } from "./rank-memories.js";

/** Entries kept before the least recently used go: enough for years of one person's fixes, small enough to scan on every recall. */
export const DEFAULT_MAX_ENTRIES = 1000;

export interface MemoryStoreOptions {
  /** Create the store when it does not exist (default true); else a missing one reads as empty. */
  create?: boolean;
  maxEntries?: number;
}

/**
 * The error -> fix memory: verified fixes, bounded in size (the least recently used entries go
 * first), in a SQLite file (`SqliteMemoryStore`) or a Postgres database shared by machines
 * (`PostgresMemoryStore`). Every failure to read or write is a `MemoryError`.
 */
export interface MemoryStore {
  /** Where the memory is, as it may be shown and saved: a file path, or a Postgres URL without its password. */
  readonly location: string;
  /** Remembers a verified fix (again: its use is refreshed) and returns its id. */
  record(fix: NewMemory, now?: Date): Promise<string>;
  /** The best matching entries for a failure (see `rankMemories`), marked as used now. */
  recall(language: Language, query: RecallQuery, limit: number, now?: Date): Promise<RankedMemory[]>;
  /** Counts recalled entries as having helped: the attempt made with them passed. */
  markHelped(ids: readonly string[]): Promise<void>;
  /** Every entry, most recently used first. */
  list(): Promise<MemoryEntry[]>;
  /** The entry with this id, or the only one it is a prefix of (4 characters at least). */
  get(id: string): Promise<MemoryEntry | undefined>;
  /** Drops one entry; false when there was none with that id. */
  forget(id: string): Promise<boolean>;
  /** Drops every entry; returns how many there were. */
  clear(): Promise<number>;
  /** Every entry, as `mend memory export` writes them. */
  export(now?: Date): Promise<MemoryFile>;
  /**
   * Adds a validated export's entries in one transaction (all or none); an entry already there
   * keeps the larger counts and the later use. Returns how many entries were added or updated.
   */
  import(file: MemoryFile): Promise<number>;
  close(): Promise<void>;
}
