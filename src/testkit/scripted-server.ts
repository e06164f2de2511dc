import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { RecordedRequest, ScriptedApi, ScriptedStep, ScriptedUsage } from "./scripted-step.js";
import { anthropicWire } from "./wire/anthropic-wire.js";
import { ollamaWire } from "./wire/ollama-wire.js";
import { openAIWire } from "./wire/openai-wire.js";
import { sendJson, type WireProtocol } from "./wire/wire-protocol.js";

const ROUTES: Record<string, ScriptedApi> = {
  "/v1/chat/completions": "openai",
  "/v1/messages": "anthropic",
  "/api/chat": "ollama",
};

const WIRES: Record<ScriptedApi, WireProtocol> = { openai: openAIWire, anthropic: anthropicWire, ollama: ollamaWire };

/** A running scripted server. */
export interface ScriptedServer {
  /** OpenAI-style base URL, ending in `/v1` (give it to `OPENAI_BASE_URL` or `--base-url`). */
  url: string;
  /** Anthropic-style base URL (the SDK appends `/v1/messages`): give it to `ANTHROPIC_BASE_URL`. */
  anthropicUrl: string;
  /** Ollama-style host (the client appends `/api/chat`): give it to `OLLAMA_HOST`. */
  ollamaUrl: string;
  /**
   * Environment that points every provider at this server, for child processes and
   * `createChatModel({ env })`: `OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`, `OLLAMA_HOST` and
   * placeholder API keys.
   */
  env: Record<string, string>;
  /** Every request received, in order, including those answered with a fault. */
  requests: RecordedRequest[];
  /** Steps of an array script not used yet (`Infinity` for a function script). */
  remaining(): number;
  /** Stops the server and drops open connections (hanging requests included). */
  close(): Promise<void>;
}

export type Script = ScriptedStep[] | ((request: RecordedRequest, index: number) => ScriptedStep);

export interface ScriptedServerOptions {
  /**
   * What happens when an array script runs out: `error` (default) answers HTTP 400 with a
   * message saying so (400 is never retried, so the test fails at once); `repeat-last` replays
   * the last step forever.
   */
  onExhausted?: "error" | "repeat-last";
}

/**
 * Starts a small HTTP server on 127.0.0.1 (random port) that speaks the OpenAI chat
 * completions protocol (`POST /v1/chat/completions`, plain and `stream: true`, `GET /v1/models`),
 * Anthropic's messages protocol (`POST /v1/messages`, plain and streaming) and Ollama's chat
 * protocol (`POST /api/chat`, NDJSON streaming or not, `GET /api/tags`), answering each request
 * with the next scripted step. Tests talk to it over real HTTP through the real provider clients.
 */
export async function startScriptedServer(
  script: Script,
  options: ScriptedServerOptions = {},
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let used = 0;

  const nextStep = (request: RecordedRequest, index: number): ScriptedStep | undefined => {
    if (typeof script === "function") return script(request, index);
    if (used < script.length) return script[used++];
    if (options.onExhausted === "repeat-last" && script.length > 0) return script[script.length - 1];
    return undefined;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error), type: "server_error" } });
      else res.destroy();
    });
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "GET" && path === "/v1/models") {
      sendJson(res, 200, {
        object: "list",
        data: [{ id: "scripted", object: "model", created: 0, owned_by: "mendloop-testkit" }],
      });
      return;
    }
    if (req.method === "GET" && path === "/api/tags") {
      sendJson(res, 200, { models: [{ name: "scripted", model: "scripted", size: 0, digest: "0", details: {} }] });
      return;
    }
    const api = req.method === "POST" ? ROUTES[path] : undefined;
    if (api === undefined) {
      sendJson(res, 404, { error: { message: `no route for ${req.method} ${path}`, type: "invalid_request_error" } });
      return;
    }
    const raw = await readBody(req);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      WIRES[api].error(res, 400, "request body is not valid JSON", {});
      return;
    }
    const request: RecordedRequest = { api, path, ...WIRES[api].read(body), body, headers: { ...req.headers } };
    const index = requests.length;
    requests.push(request);
    const step = nextStep(request, index);
    if (step === undefined) {
      WIRES[api].error(res, 400, `scripted server: script exhausted, no step for request #${index + 1}`, {});
      return;
    }
    await play(step, request, req, res);
  };

  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/v1`,
    anthropicUrl: origin,
    ollamaUrl: origin,
    env: {
      OPENAI_BASE_URL: `${origin}/v1`,
      OPENAI_API_KEY: "sk-scripted",
      ANTHROPIC_BASE_URL: origin,
      ANTHROPIC_API_KEY: "sk-ant-scripted",
      OLLAMA_HOST: origin,
    },
    requests,
    remaining: () => (typeof script === "function" ? Infinity : Math.max(0, script.length - used)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Collects the body, then sends only its first half and never ends the response. */
function stallHalfWay(res: ServerResponse): void {
  const write = res.write.bind(res) as (chunk: string) => boolean;
  let body = "";
  res.write = ((chunk: string) => {
    body += chunk;
    return true;
  }) as ServerResponse["write"];
  res.end = ((chunk?: string) => {
    if (chunk !== undefined) body += chunk;
    write(body.slice(0, Math.floor(body.length / 2)));
    return res;
  }) as ServerResponse["end"];
}

async function play(step: ScriptedStep, request: RecordedRequest, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const wire = WIRES[request.api];
  if ("hang" in step) return;
  if ("reset" in step) {
    req.socket.resetAndDestroy();
    return;
  }
  if ("malformed" in step) {
    wire.malformed(res);
    return;
  }
  if ("status" in step) {
    const headers: Record<string, string> = step.retryAfter === undefined ? {} : { "retry-after": String(step.retryAfter) };
    if (step.body !== undefined) {
      res.writeHead(step.status, { "content-type": "application/json", ...headers });
      res.end(step.body);
    } else {
      wire.error(res, step.status, defaultErrorMessage(step.status), headers);
    }
    return;
  }
  if (step.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, step.delayMs));
  if (res.destroyed) return;
  if (step.stall) stallHalfWay(res);
  wire.reply(res, request, {
    text: step.reply,
    usage: step.usage === undefined ? estimateUsage(request, step.reply) : step.usage,
    finishReason: step.finishReason ?? "stop",
  });
}

/** About four characters per token, like real tokenizers on English and code. */
function estimateUsage(request: RecordedRequest, reply: string): ScriptedUsage {
  const inputChars = request.messages.reduce((sum, message) => sum + message.content.length, 0);
  return { input: Math.max(1, Math.ceil(inputChars / 4)), output: Math.max(1, Math.ceil(reply.length / 4)) };
}

/** Messages worded as the providers word them, so tests see realistic error text. */
function defaultErrorMessage(status: number): string {
  if (status === 429) return "Rate limit reached for requests. Please try again later.";
  if (status === 401) return "Incorrect API key provided.";
  if (status === 403) return "You are not allowed to access this model.";
  if (status === 404) return "The model does not exist or you do not have access to it.";
  if (status === 400) return "Invalid request.";
  if (status === 503) return "The engine is currently overloaded, please try again later.";
  return "The server had an error while processing your request. Sorry about that!";
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
