import { join } from "node:path";
import type { AttemptFile } from "../runs/attempt-file.js";
import { RunFolder } from "../runs/run-folder.js";
import type { RunMeta } from "../runs/run-meta.js";
import type { RunResult } from "../shared/run-result.js";
import { agentGraphStructure } from "./agent-graph-structure.js";
import type { GraphStructure } from "./graph-structure.js";
import { type LoggedEvent, readEventLog } from "./read-event-log.js";
import { type RunState, runStateOf } from "./run-state.js";

/** Everything a run's report shows, read from its folder. */
export interface RunReportData {
  runId: string;
  runDir: string;
  meta: RunMeta;
  /** The SPEC summary; absent while the first session of the run is still going. */
  result?: RunResult;
  state: RunState;
  attempts: AttemptFile[];
  events: LoggedEvent[];
  graph: GraphStructure;
}

/** Reads a run folder (a UsageError when it is not one). */
export async function readRunReportData(runDir: string): Promise<RunReportData> {
  const folder = RunFolder.open(".", runDir);
  const meta = folder.readMeta();
  const result = folder.readResult();
  const events = readEventLog(join(folder.dir, "events.jsonl"));
  return {
    runId: folder.runId,
    runDir: folder.dir,
    meta,
    ...(result ? { result } : {}),
    state: runStateOf(result, events),
    attempts: folder.readAttempts(),
    events,
    graph: await agentGraphStructure(folder, meta),
  };
}
