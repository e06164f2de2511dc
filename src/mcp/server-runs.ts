import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import { RunFolder } from "../runs/run-folder.js";
import type { RunMeta } from "../runs/run-meta.js";
import type { RunResult } from "../shared/run-result.js";

/** A run id as `createRunId` makes them; anything else (a path, `..`) never names a run here. */
const RUN_ID = /^[A-Za-z0-9][\w.-]*$/;

/** One run of the server's runs folder, as the resources show it. */
export interface ServerRun {
  runId: string;
  dir: string;
  meta: RunMeta;
  /** Absent while the run goes on (or when it crashed before finishing). */
  result?: RunResult;
}

/**
 * The server's runs, by id only: unlike `RunFolder.open`, a client never reaches a folder
 * by its path, so nothing outside the runs folder can be read as a run.
 */
export class ServerRuns {
  constructor(private readonly runsDir: string) {}

  open(runId: string): ServerRun {
    const dir = resolve(this.runsDir, runId);
    if (!RUN_ID.test(runId) || !existsSync(join(dir, "meta.json"))) {
      throw new UsageError(`no run "${runId}" in ${resolve(this.runsDir)}`, { code: "run_missing" });
    }
    const folder = RunFolder.open(this.runsDir, runId);
    const result = folder.readResult();
    return { runId: folder.runId, dir: folder.dir, meta: folder.readMeta(), ...(result ? { result } : {}) };
  }

  /** Every run, newest first (run ids sort by start time). */
  list(): ServerRun[] {
    if (!existsSync(this.runsDir)) return [];
    const ids = readdirSync(this.runsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && RUN_ID.test(entry.name) && existsSync(join(this.runsDir, entry.name, "meta.json")))
      .map((entry) => entry.name)
      .sort()
      .reverse();
    return ids.flatMap((id) => {
      try {
        return [this.open(id)];
      } catch {
        // A folder whose meta.json cannot be read is not a run to list.
        return [];
      }
    });
  }
}
