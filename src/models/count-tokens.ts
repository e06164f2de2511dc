import { createRequire } from "node:module";
import type { TiktokenBPE } from "js-tiktoken/lite";
import { Tiktoken } from "js-tiktoken/lite";
import { type MessageInput, toBaseMessages } from "./to-messages.js";

type EncodingName = "o200k_base" | "cl100k_base";

// The rank tables are megabytes of JS: load one only when a count is asked for, and
// from the package itself (LangChain's own counter fetches them over the network).
const require = createRequire(import.meta.url);
const encoders = new Map<EncodingName, Tiktoken>();

function encoderFor(model: string | undefined): Tiktoken {
  const name = encodingOf(model);
  let encoder = encoders.get(name);
  if (encoder === undefined) {
    const ranks = require(`js-tiktoken/ranks/${name}`) as { default?: TiktokenBPE } & TiktokenBPE;
    encoder = new Tiktoken(ranks.default ?? ranks);
    encoders.set(name, encoder);
  }
  return encoder;
}

/** Recent OpenAI models use o200k; for others cl100k is the closer public estimate. */
function encodingOf(model: string | undefined): EncodingName {
  const name = (model ?? "").replace(/^openai:/, "");
  return /^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o\d|chatgpt-4o)/.test(name) ? "o200k_base" : "cl100k_base";
}

/**
 * Counts already made, by encoding and text. A loop sends the same system prompt, task and
 * earlier attempts again and again, and encoding is the costliest step of a loop iteration
 * with a fast model (milliseconds per kilobyte in pure JavaScript).
 */
const counted = new Map<string, number>();
const MAX_COUNTED = 512;

/** Tokens of a text under the model's tokenizer (or the closest public one). No network. */
export function countTextTokens(text: string, model?: string): number {
  if (text === "") return 0;
  const key = `${encodingOf(model)}\0${text}`;
  const known = counted.get(key);
  if (known !== undefined) {
    // Least recently used goes first: a hit moves to the back.
    counted.delete(key);
    counted.set(key, known);
    return known;
  }
  // Special-token markers in user text are counted as plain text instead of throwing.
  const tokens = encoderFor(model).encode(text, [], []).length;
  if (counted.size >= MAX_COUNTED) counted.delete(counted.keys().next().value as string);
  counted.set(key, tokens);
  return tokens;
}

/** Per-message framing of the chat format (role markers) and the reply primer, as OpenAI documents. */
const TOKENS_PER_MESSAGE = 3;
const REPLY_PRIMER_TOKENS = 3;

/**
 * Estimated input tokens of a chat request, counted locally with js-tiktoken. Used to check
 * budgets before a call, and as the usage figure when a provider reports none.
 */
export function countTokens(messages: readonly MessageInput[], model?: string): number {
  let total = REPLY_PRIMER_TOKENS;
  for (const message of toBaseMessages(messages)) {
    total += TOKENS_PER_MESSAGE + countTextTokens(message.getType(), model) + countTextTokens(message.text, model);
  }
  return total;
}
