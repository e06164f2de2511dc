import { RunFolder } from "../runs/run-folder.js";
import type { PostgresRunStore } from "./postgres-run-store.js";

/**
 * Copies a run stored in Postgres into a local run folder under `runsDir` (replacing what an
 * older copy there holds), so that resume and report work on it as on a run made here.
 * Returns false when Postgres holds no run of that id.
 */
export async function restoreRun(store: PostgresRunStore, runsDir: string, runId: string): Promise<boolean> {
  const stored = await store.load(runId);
  if (!stored) return false;
  const folder = RunFolder.create(runsDir, stored.meta);
  for (const attempt of stored.attempts) folder.writeAttempt(attempt);
  folder.writeEvents(stored.events);
  if (stored.result) folder.writeResult(stored.result);
  return true;
}
