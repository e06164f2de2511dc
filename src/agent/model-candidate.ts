import { extractCode } from "../models/extract-code.js";
import type { Language } from "../shared/language.js";
import type { ModelReply, PromptMessage } from "./collaborators.js";
import type { Candidate } from "./state.js";

/**
 * The candidate a model reply yields: its code through the one shared extractor, with the
 * exchange kept for the attempt file (prompt, reply, retries, temperature, how the code was found).
 */
export function modelCandidate(input: {
  reply: ModelReply;
  messages: PromptMessage[];
  temperature: number;
  language: Language;
  strategy: Candidate["strategy"];
}): Candidate {
  const { reply, messages, temperature } = input;
  const extracted = extractCode(reply.text, input.language);
  return {
    code: extracted.code,
    source: "model",
    strategy: input.strategy,
    tokens: reply.usage,
    produceMs: reply.durationMs,
    model: {
      messages,
      reply: reply.text,
      retries: reply.retries,
      temperature,
      extraction: extracted.truncated ? `${extracted.method} (truncated)` : extracted.method,
    },
  };
}
