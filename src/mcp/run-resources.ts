import { readFile } from "node:fs/promises";
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Variables } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import { UsageError } from "../errors/usage-error.js";
import type { McpSettings } from "./mcp-settings.js";
import { type ServerRun, ServerRuns } from "./server-runs.js";

export function runUri(runId: string): string {
  return `mend://runs/${runId}`;
}

export function reportUri(runId: string): string {
  return `mend://runs/${runId}/report`;
}

/**
 * The runs as resources: `mend://runs/{runId}` is the run JSON (`run.json`; while a run goes
 * on, `{runId, finished: false, meta}`), `mend://runs/{runId}/report` its HTML report, written
 * afresh on each read so that it shows the run as it is now.
 */
export function registerRunResources(server: McpServer, settings: McpSettings): void {
  const runs = () => new ServerRuns(settings.loop.runsDir);
  server.registerResource(
    "run",
    new ResourceTemplate("mend://runs/{runId}", {
      list: () => ({
        resources: runs()
          .list()
          .map((run) => ({ uri: runUri(run.runId), name: `run ${run.runId}`, description: describe(run), mimeType: "application/json" })),
      }),
    }),
    { title: "A mendloop run", description: "The run JSON of one run of this server (the result of run and repair)", mimeType: "application/json" },
    (uri, variables) => {
      const run = runs().open(runIdOf(variables));
      const json = run.result ?? { runId: run.runId, finished: false, meta: run.meta };
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(json) }] };
    },
  );
  server.registerResource(
    "report",
    new ResourceTemplate("mend://runs/{runId}/report", {
      list: () => ({
        resources: runs()
          .list()
          .map((run) => ({ uri: reportUri(run.runId), name: `report ${run.runId}`, description: describe(run), mimeType: "text/html" })),
      }),
    }),
    { title: "A run's report", description: "The self-contained HTML report of one run", mimeType: "text/html" },
    async (uri, variables) => {
      const run = runs().open(runIdOf(variables));
      const { writeRunReport } = await import("../report/write-run-report.js");
      const text = await readFile(await writeRunReport(run.dir), "utf8");
      return { contents: [{ uri: uri.href, mimeType: "text/html", text }] };
    },
  );
}

function runIdOf(variables: Variables): string {
  const runId = variables.runId;
  if (typeof runId !== "string") throw new UsageError("a run resource names one run: mend://runs/{runId}");
  return runId;
}

function describe(run: ServerRun): string {
  const what = `${run.meta.command} · ${run.meta.task.language} · model ${run.meta.model}`;
  if (!run.result) return `${what} · not finished`;
  return `${what} · ${run.result.status} (${run.result.reason}) · ${run.result.attempts.length} attempts`;
}
