import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import PQueue from "p-queue";
import { createMcpServer } from "./create-mcp-server.js";
import type { McpSettings } from "./mcp-settings.js";

const HOST = "127.0.0.1";
/** Host names a loopback server answers to: anything else is a DNS-rebinding page in a browser. */
const LOCAL_NAMES = new Set(["127.0.0.1", "localhost"]);

/**
 * Serves MCP's Streamable HTTP transport at `http://127.0.0.1:PORT/mcp`, loopback only, one
 * session (and one server) per client, until a signal stops it. Port 0 takes a free port; the
 * address is printed on stderr either way.
 */
export async function serveHttp(settings: McpSettings, port: number): Promise<void> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const queue = new PQueue({ concurrency: settings.concurrency });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? "/", `http://${HOST}`);
    if (url.pathname !== "/mcp") return void response.writeHead(404).end();
    const host = request.headers.host ? new URL(`http://${request.headers.host}`).hostname : "";
    if (!LOCAL_NAMES.has(host)) return reject(response, 403, `host ${host || "(none)"} is not this loopback server`);
    const sessionId = request.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const transport = sessions.get(sessionId);
      if (!transport) return reject(response, 404, "session not found");
      return transport.handleRequest(request, response);
    }
    // No session yet: the transport accepts an initialize request and refuses anything else.
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = createMcpServer(settings, queue);
    await server.connect(transport);
    await transport.handleRequest(request, response);
    if (!transport.sessionId) await server.close();
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      process.stderr.write(`mend mcp: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!response.headersSent) reject(response, 500, "internal error");
    });
  });
  await new Promise<void>((resolve, fail) => {
    http.once("error", fail);
    http.listen(port, HOST, () => resolve());
  });
  const { port: bound } = http.address() as AddressInfo;
  process.stderr.write(`mend mcp: listening on http://${HOST}:${bound}/mcp in ${settings.cwd}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      for (const transport of sessions.values()) void transport.close();
      http.close(() => resolve());
      http.closeAllConnections();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}

function reject(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}
