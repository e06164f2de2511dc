import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import PQueue from "p-queue";
import { createMcpServer } from "./create-mcp-server.js";
import type { McpSettings } from "./mcp-settings.js";

/**
 * Serves one client over stdin/stdout until the client closes stdin or a signal stops it.
 * Stdout carries the protocol alone: anything a library prints with console.log goes to stderr.
 */
export async function serveStdio(settings: McpSettings): Promise<void> {
  console.log = console.error;
  console.info = console.error;
  const server = createMcpServer(settings, new PQueue({ concurrency: settings.concurrency }));
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  const stop = () => void server.close();
  process.stdin.once("end", stop);
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await server.connect(transport);
  process.stderr.write(`mend mcp: serving on stdio in ${settings.cwd}\n`);
  await closed;
}
