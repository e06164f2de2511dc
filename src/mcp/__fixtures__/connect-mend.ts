import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { existsSync } from "node:fs";
import { MEND, ownDataHome, spawnMend, type MendExit } from "../../cli/commands/__fixtures__/spawn-mend.js";

/** An SDK client connected to a real `mend mcp` process. */
export interface MendMcp {
  client: Client;
  transport: "stdio" | "http";
  /** What the server printed on stderr so far. */
  stderr(): string;
  /** Closes the client and ends the server; resolves with how the server exited. */
  close(): Promise<MendExit | undefined>;
}

export interface ConnectOptions {
  cwd: string;
  /** Environment of the server, besides PATH and HOME (nothing else is inherited). */
  env?: Record<string, string>;
}

export type Connect = (args: string[], options: ConnectOptions) => Promise<MendMcp>;

function environment(options: ConnectOptions): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? options.cwd, ...options.env };
}

function newClient(): Client {
  return new Client({ name: "mendloop-tests", version: "1.0.0" });
}

/** `node dist/cli/main.js mcp ARGS` on stdio, as an MCP client configuration starts it. */
export const connectStdio: Connect = async (args, options) => {
  if (!existsSync(MEND)) throw new Error(`${MEND} is missing: run npm run build first`);
  // spawnMend gives the HTTP server its data folder; this one is started by the SDK.
  const data = ownDataHome();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MEND, "mcp", ...args],
    cwd: options.cwd,
    env: { XDG_DATA_HOME: data.dir, ...environment(options) },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = newClient();
  await client.connect(transport).catch((error: unknown) => {
    data.remove();
    throw error;
  });
  return {
    client,
    transport: "stdio",
    stderr: () => stderr,
    async close() {
      await client.close();
      data.remove();
      return undefined;
    },
  };
};

/** `node dist/cli/main.js mcp --http 0 ARGS`: waits for the address it prints, then connects over Streamable HTTP. */
export const connectHttp: Connect = async (args, options) => {
  const { child, exit } = spawnMend(["mcp", "--http", "0", ...args], { cwd: options.cwd, env: environment(options) });
  let stderr = "";
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(stderr);
      if (found) resolve(new URL(found[1]));
    });
    void exit.then((result) => reject(new Error(`mend mcp --http exited (${result.code}): ${result.stderr}`)));
  });
  const client = newClient();
  await client.connect(new StreamableHTTPClientTransport(url));
  return {
    client,
    transport: "http",
    stderr: () => stderr,
    async close() {
      await client.close();
      child.kill("SIGTERM");
      return exit;
    },
  };
};

/** The JSON text content of a tool result (the first content item). */
export function jsonOf(result: unknown): Record<string, unknown> {
  const first = (result as CallToolResult).content[0];
  if (first?.type !== "text") throw new Error(`no text content in ${JSON.stringify(result)}`);
  return JSON.parse(first.text) as Record<string, unknown>;
}

/** The one-line message of a tool error; fails the test when the result is not an error. */
export function errorOf(result: unknown): string {
  const call = result as CallToolResult;
  if (!call.isError) throw new Error(`expected a tool error, got ${JSON.stringify(call).slice(0, 500)}`);
  const first = call.content[0];
  if (first?.type !== "text") throw new Error(`no text content in ${JSON.stringify(call)}`);
  return first.text;
}
