/** Token counts a scripted reply reports, as a provider would. */
export interface ScriptedUsage {
  input: number;
  output: number;
}

/**
 * One scripted answer of the scripted server, in request order.
 * - `reply`: 200 with a chat completion carrying `usage` (estimated from the text when not
 *   given; `usage: null` leaves it out, like servers that report none); with `stall`, the
 *   answer stops half-way and the connection stays open.
 * - `status`: an error reply in the provider's error format (`429` may carry Retry-After,
 *   in seconds or as an HTTP date).
 * - `hang`: never answers, so the client's timeout must fire.
 * - `malformed`: 200 whose body is not valid JSON.
 * - `reset`: the connection is reset without an answer.
 */
export type ScriptedStep =
  | {
      reply: string;
      usage?: ScriptedUsage | null;
      /** `length` mimics a reply cut by the output token limit. Default `stop`. */
      finishReason?: "stop" | "length";
      /** Answer only after this long (a slow model). */
      delayMs?: number;
      /** Send the headers and part of the body, then nothing more (a stalled connection). */
      stall?: true;
    }
  | { status: 429; retryAfter?: number | string; body?: string }
  | { status: number; body?: string; retryAfter?: number | string }
  | { hang: true }
  | { malformed: true }
  | { reset: true };

/** Which wire protocol a recorded request used. */
export type ScriptedApi = "openai" | "anthropic" | "ollama";

/** A request the scripted server received, with the fields tests usually assert on. */
export interface RecordedRequest {
  api: ScriptedApi;
  path: string;
  model?: string;
  /** Messages with their content flattened to text (Anthropic's `system` comes first). */
  messages: { role: string; content: string }[];
  temperature?: number;
  /** `max_tokens`, `max_completion_tokens` or Ollama's `options.num_predict`. */
  maxTokens?: number;
  stream: boolean;
  /** The parsed JSON body as sent. */
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}
