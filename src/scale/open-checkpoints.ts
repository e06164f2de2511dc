import type { AgentOptions } from "../agent/create-agent.js";

/** What `--checkpoints URL` gives a command. */
export interface Checkpoints {
  /** Agent options that keep checkpoints and run records in Postgres; empty without the flag. */
  agentOptions: Pick<AgentOptions, "checkpointer" | "mirror">;
  /**
   * Copies a run stored in Postgres into `runsDir` (nothing without the flag); true when it was
   * there. `projectRoot`: where the run's project is here, for a run a worker ran in its own copy.
   */
  restore(runsDir: string, runId: string, projectRoot?: string): Promise<boolean>;
  /** Resolves once every record handed to the mirror so far is stored. */
  flush(): Promise<void>;
  /** Stores every queued record, then closes the connections. */
  close(): Promise<void>;
}

/**
 * The Postgres state of `--checkpoints URL`, or nothing extra when the flag is absent (the
 * run folders' SQLite databases). The database is reached here, so a bad URL stops the
 * command (one line, exit 2) before any run starts.
 */
export async function openCheckpoints(url: string | undefined): Promise<Checkpoints> {
  if (url === undefined) return { agentOptions: {}, restore: async () => false, flush: async () => undefined, close: async () => undefined };
  // Loaded only with the flag: the Postgres client and checkpointer are no weight for local runs.
  const [{ openPostgresState }, { restoreRun }] = await Promise.all([import("./postgres-state.js"), import("./restore-run.js")]);
  const state = await openPostgresState(url);
  return {
    agentOptions: { checkpointer: state.checkpointer, mirror: state.runs },
    restore: (runsDir, runId, projectRoot) => restoreRun(state.runs, runsDir, runId, projectRoot),
    flush: () => state.runs.flush(),
    close: () => state.close(),
  };
}
