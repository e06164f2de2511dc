import { writeFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { renderRunReport } from "./render-run-report.js";
import { readRunReportData } from "./run-report-data.js";

const REPORT_FILE = "report.html";

/** Where a run's report lives: `<runDir>/report.html` (written by `writeRunReport`). */
export function reportPathFor(runDir: string): string {
  return join(runDir, REPORT_FILE);
}

/**
 * Writes the run's HTML report into its folder (atomically, so a viewer never opens half a
 * page) and returns its path. Works at any point of a run's life: passed, given up, stopped,
 * paused, or with a session still going. A folder that is not a run is a UsageError.
 */
export async function writeRunReport(runDir: string): Promise<string> {
  const data = await readRunReportData(runDir);
  const path = reportPathFor(data.runDir);
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, renderRunReport(data));
  renameSync(temporary, path);
  return path;
}
