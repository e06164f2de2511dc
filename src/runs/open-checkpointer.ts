import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import type { Database, Statement } from "better-sqlite3";
import { plainJsonFirst } from "./plain-json-first.js";

/** A checkpointer the caller must `close()` when the run's session ends. */
export interface ClosableCheckpointer {
  saver: SqliteSaver;
  close(): void;
}

/**
 * Opens (creating if needed) the SQLite checkpoint database of a run. WAL mode keeps each
 * step's commit cheap and survives a killed process without losing committed steps (each
 * commit is in the kernel before the step ends; `synchronous = NORMAL` leaves out the fsync
 * per commit, so a power cut, unlike a crash, may lose the last steps).
 */
export function openCheckpointer(path: string): ClosableCheckpointer {
  const saver = SqliteSaver.fromConnString(path);
  saver.serde = plainJsonFirst(saver.serde);
  saver.db.pragma("journal_mode = WAL");
  saver.db.pragma("synchronous = NORMAL");
  reusePreparedStatements(saver.db);
  return {
    saver,
    close() {
      if (saver.db.open) saver.db.close();
    },
  };
}

// Distinct statements a saver prepares: put, putWrites (two forms), getTuple (two), list
// (a few filter shapes). More would only mean a caller builds SQL with values inlined.
const MOST_STATEMENTS = 32;

/**
 * SqliteSaver prepares its SQL again on every `put` and `putWrites`, two or three times a
 * step; compiling the statement cost about as much as running it. Statements of a
 * better-sqlite3 connection are reusable as long as none is read from while another runs,
 * and the saver only uses `run`, `get` and `all`, which finish before they return.
 */
function reusePreparedStatements(db: Database): void {
  const prepare = db.prepare.bind(db);
  const prepared = new Map<string, Statement>();
  db.prepare = ((sql: string) => {
    let statement = prepared.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (prepared.size >= MOST_STATEMENTS) prepared.delete(prepared.keys().next().value as string);
      prepared.set(sql, statement);
    }
    return statement;
  }) as Database["prepare"];
}
