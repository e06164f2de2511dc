import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type PQueue from "p-queue";
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { MendError } from "../errors/mend-error.js";
import { UsageError } from "../errors/usage-error.js";
import type { McpSettings } from "./mcp-settings.js";
import type { McpTool } from "./mcp-tool.js";
import { registerRunResources } from "./run-resources.js";
import { checkTool } from "./tools/check-tool.js";
import { execTool } from "./tools/exec-tool.js";
import { repairTool } from "./tools/repair-tool.js";
import { reportTool } from "./tools/report-tool.js";
import { runTool } from "./tools/run-tool.js";

const TOOLS: readonly McpTool[] = [checkTool, execTool, repairTool, runTool, reportTool];

/**
 * One MCP server (one per client session): the tools `check`, `exec`, `repair`, `run`,
 * `report`, and the runs as resources. Calls that run programs take turns in `queue`, which
 * all sessions share, so that clients together never run more at once than the operator allowed.
 *
 * The tools are served on the low-level server rather than through `registerTool`, because
 * the SDK answers bad arguments with one line per zod issue, and the SPEC asks for one line:
 * each tool checks its own arguments (see `defineTool`).
 */
export function createMcpServer(settings: McpSettings, queue: PQueue): McpServer {
  const server = new McpServer(
    { name: "mendloop", version: settings.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        "mendloop checks, runs and repairs Python, JavaScript and TypeScript programs in a sandbox. Paths are relative " +
        "to the server's working folder. Use check to validate and diagnose, exec to run a program safely, repair to " +
        "fix a program against its tests (nothing is written), run for a task file, report for a run's HTML report.",
    },
  );
  const byName = new Map(TOOLS.map((tool) => [tool.name, tool]));
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: z.toJSONSchema(tool.input, { io: "input" }) as { type: "object" },
      annotations: tool.annotations,
    })),
  }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) return toolError(new UsageError(`unknown tool "${request.params.name}" (${TOOLS.map((t) => t.name).join(", ")})`));
    const token = request.params._meta?.progressToken;
    let step = 0;
    const progress = (message: string) => {
      if (token === undefined) return;
      // A client that went away cannot be told; the run goes on until cancelled.
      extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: ++step, message: message.trim() } }).catch(() => {});
    };
    try {
      const call = () => tool.call(request.params.arguments, { settings, signal: extra.signal, progress });
      if (tool.heavy && queue.pending >= queue.concurrency) {
        progress(`waiting: ${queue.pending} calls running, ${queue.size} waiting before this one (mend mcp --concurrency)`);
      }
      const answer = tool.heavy ? await queue.add(call, { signal: extra.signal }) : await call();
      return {
        content: [{ type: "text", text: JSON.stringify(answer.json) }, ...(answer.more ?? [])],
        structuredContent: answer.json,
      };
    } catch (error) {
      return toolError(error);
    }
  });
  registerRunResources(server, settings);
  return server;
}

/** A failed call as the client sees it: `isError` and one line saying what was wrong. */
function toolError(error: unknown): CallToolResult {
  const message = (error instanceof Error ? error.message : String(error)).trim().replace(/\s*\n\s*/g, " ");
  const label = UsageError.isInstance(error) ? "" : `${MendError.isInstance(error) ? error.code : "internal error"}: `;
  return { content: [{ type: "text", text: `${label}${message}` }], isError: true };
}
