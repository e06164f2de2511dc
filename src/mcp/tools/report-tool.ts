import { z } from "zod";
import { defineTool } from "../mcp-tool.js";
import { ServerRuns } from "../server-runs.js";
import { reportUri } from "../run-resources.js";

/** `report {runId}`: writes the run's HTML report, as `mend report --json`, and links its resource. */
export const reportTool = defineTool({
  name: "report",
  title: "Write a run's HTML report",
  description:
    "Writes the self-contained HTML report of a run (task, timeline of attempts, each attempt's code, diff and " +
    "diagnosis, the loop's decisions, charts) into its run folder. Returns {path, uri}: the file, and the " +
    "mend://runs/{runId}/report resource that serves the page.",
  input: z.strictObject({
    runId: z.string().min(1).describe("the runId of a run or repair result"),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  heavy: false,
  async call(args, { settings }) {
    const run = new ServerRuns(settings.loop.runsDir).open(args.runId);
    const { writeRunReport } = await import("../../report/write-run-report.js");
    const path = await writeRunReport(run.dir);
    const uri = reportUri(run.runId);
    return {
      json: { path, uri },
      more: [{ type: "resource_link", uri, name: `report ${run.runId}`, mimeType: "text/html" }],
    };
  },
});
