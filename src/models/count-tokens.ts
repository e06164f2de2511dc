import { createRequire } from "node:module";
import type { TiktokenBPE } from "js-tiktoken/lite";
import { Tiktoken } from "js-tiktoken/lite";
import { type MessageInput, toBaseMessages } from "./to-messages.js";

type EncodingName = "o200k_base" | "cl100k_base";

// The rank tables are megabytes of JS: load one only when a count is asked for, and
// from the package itself (LangChain's own counter fetches them over the network).
const require = createRequire(import.meta.url);

/**
 * An encoding with the counts of the pieces it has seen. The tokenizer first splits a text
 * into pieces with its pattern (words with their leading space, runs of digits, punctuation,
 * whitespace) and encodes each piece on its own, so a text's count is the sum of its pieces'
 * counts. Prompts of one run share nearly all their pieces (the same task, tests, code and
 * instructions in another order), and byte-pair encoding is the costly step: milliseconds
 * per kilobyte in pure JavaScript, where looking up pieces takes microseconds.
 */
interface Encoding {
  encoder: Tiktoken;
  pattern: RegExp;
  pieces: Map<string, number>;
}

// Pieces are short; a run's prompts hold some thousands of distinct ones.
const MAX_PIECES = 50_000;
const encodings = new Map<EncodingName, Encoding>();

function encodingFor(model: string | undefined): Encoding {
  const name = encodingOf(model);
  let encoding = encodings.get(name);
  if (encoding === undefined) {
    const loaded = require(`js-tiktoken/ranks/${name}`) as { default?: TiktokenBPE } & TiktokenBPE;
    const ranks = loaded.default ?? loaded;
    encoding = { encoder: new Tiktoken(ranks), pattern: new RegExp(ranks.pat_str, "gu"), pieces: new Map() };
    encodings.set(name, encoding);
  }
  return encoding;
}

function encodeCounting(encoding: Encoding, text: string): number {
  let tokens = 0;
  const { pattern } = encoding;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const piece = match[0];
    // No alternative of the tokenizers' patterns matches nothing; were one to, exec would not move on.
    if (piece === "") {
      pattern.lastIndex += 1;
      continue;
    }
    let count = encoding.pieces.get(piece);
    if (count === undefined) {
      // Special-token markers in user text are counted as plain text instead of throwing.
      count = encoding.encoder.encode(piece, [], []).length;
      if (encoding.pieces.size >= MAX_PIECES) encoding.pieces.clear();
      encoding.pieces.set(piece, count);
    }
    tokens += count;
  }
  return tokens;
}

/** Recent OpenAI models use o200k; for others cl100k is the closer public estimate. */
function encodingOf(model: string | undefined): EncodingName {
  const name = (model ?? "").replace(/^openai:/, "");
  return /^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o\d|chatgpt-4o)/.test(name) ? "o200k_base" : "cl100k_base";
}

/**
 * Whole texts counted lately, by encoding and text: the same prompt is counted more than once
 * (by the error boundary before a call, by callModel after it when the provider reports no
 * usage), and the system prompt comes with every call.
 */
const counted = new Map<string, number>();
const MAX_COUNTED = 64;

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
  const tokens = encodeCounting(encodingFor(model), text);
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
