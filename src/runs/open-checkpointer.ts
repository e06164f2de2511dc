import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";

/** A checkpointer the caller must `close()` when the run's session ends. */
export interface ClosableCheckpointer {
  saver: SqliteSaver;
  close(): void;
}

/**
 * Opens (creating if needed) the SQLite checkpoint database of a run. WAL mode keeps each
 * step's commit cheap and survives a killed process without losing committed steps.
 */
export function openCheckpointer(path: string): ClosableCheckpointer {
  const saver = SqliteSaver.fromConnString(path);
  saver.db.pragma("journal_mode = WAL");
  saver.db.pragma("synchronous = NORMAL");
  return {
    saver,
    close() {
      if (saver.db.open) saver.db.close();
    },
  };
}
