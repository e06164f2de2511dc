import type { Command } from "commander";
import { RunFolder } from "../../runs/run-folder.js";
import { DEFAULT_RUNS_DIR } from "../loop-options.js";
import { createOutput } from "../output.js";

interface ReportFlags {
  runsDir: string;
  checkpoints?: string;
  json?: boolean;
}

/** `mend report RUN_ID`: writes the run's HTML report into its folder and prints the path. */
export function registerReport(program: Command): void {
  program
    .command("report")
    .summary("write the run's HTML report and print its path")
    .description(
      "Writes <run folder>/report.html: one self-contained page (no network needed) with the task, the " +
        "timeline of attempts, each attempt's code, diff and diagnosis, the loop's decisions and boundary " +
        "events, charts and the graph. Works for runs that passed, gave up, were stopped, are paused or still running.",
    )
    .argument("<run-id>", "a run id (looked up in --runs-dir) or the path of a run folder")
    .option("--runs-dir <dir>", "where run folders are", DEFAULT_RUNS_DIR)
    .option("--checkpoints <url>", "the Postgres database the run was made with (postgres://...): the run is fetched from there into --runs-dir")
    .option("--json", 'print {"path": ...} on stdout')
    .addHelpText("after", "\nExample:\n  mend report 20250314-093012-4f9a1c && xdg-open .mend/runs/20250314-093012-4f9a1c/report.html")
    .action(async (runId: string, flags: ReportFlags) => {
      const output = createOutput(flags.json ?? false);
      if (flags.checkpoints !== undefined) {
        const { openCheckpoints } = await import("../../scale/open-checkpoints.js");
        const checkpoints = await openCheckpoints(flags.checkpoints);
        await checkpoints.restore(flags.runsDir, runId);
        await checkpoints.close();
      }
      const folder = RunFolder.open(flags.runsDir, runId);
      // Loaded on demand, so that other commands (and usage errors) start fast.
      const { writeRunReport } = await import("../../report/write-run-report.js");
      const path = await writeRunReport(folder.dir);
      output.result({ path }, () => path);
    });
}
