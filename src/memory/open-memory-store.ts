import type { MemoryStore, MemoryStoreOptions } from "./memory-store.js";
import { SqliteMemoryStore } from "./sqlite-memory-store.js";

/** Whether a memory location names a Postgres database rather than a file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(location);
}

/**
 * The memory at `location`: a Postgres database for a `postgres://` URL, else a SQLite file.
 * Throws `MemoryError` when it cannot be used.
 */
export async function openMemoryStore(location: string, options: MemoryStoreOptions = {}): Promise<MemoryStore> {
  if (!isPostgresUrl(location)) return SqliteMemoryStore.open(location, options);
  // Loaded only for a Postgres memory: the client is no weight for local runs.
  const { PostgresMemoryStore } = await import("./postgres-memory-store.js");
  return PostgresMemoryStore.open(location, options);
}
