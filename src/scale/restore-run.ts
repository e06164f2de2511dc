import { RunFolder } from "../runs/run-folder.js";
import { renameRoots } from "./job-project.js";
import type { PostgresRunStore } from "./postgres-run-store.js";

/**
 * Copies a run stored in Postgres into a local run folder under `runsDir` (replacing what an
 * older copy there holds), so that resume and report work on it as on a run made here.
 * Returns false when Postgres holds no run of that id. With `projectRoot`, a run whose project a
 * worker laid out in a folder of its own names the project at `projectRoot` instead.
 */
export async function restoreRun(store: PostgresRunStore, runsDir: string, runId: string, projectRoot?: string): Promise<boolean> {
  const loaded = await store.load(runId);
  if (!loaded) return false;
  const workerRoot = loaded.meta.task.project?.root;
  const stored = projectRoot && workerRoot ? renameRoots(loaded, [workerRoot], projectRoot) : loaded;
  const folder = RunFolder.create(runsDir, stored.meta);
  for (const attempt of stored.attempts) folder.writeAttempt(attempt);
  folder.writeEvents(stored.events);
  if (stored.result) folder.writeResult(stored.result);
  return true;
}
