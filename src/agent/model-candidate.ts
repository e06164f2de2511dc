import { extractCode } from "../models/extract-code.js";
import type { RunFolder } from "../runs/run-folder.js";
import type { Language } from "../shared/language.js";
import type { ModelReply, PromptMessage } from "./collaborators.js";
import type { Candidate } from "./state.js";

/**
 * The candidate a model reply yields: its code through the one shared extractor. The exchange
 * (prompt, reply, retries, temperature, how the code was found) is kept in the run folder for
 * attempt `attempt`, whose file takes it, rather than in the candidate: the checkpoints then
 * carry the code, not the prompt.
 */
export function modelCandidate(input: {
  reply: ModelReply;
  messages: PromptMessage[];
  temperature: number;
  language: Language;
  strategy: Candidate["strategy"];
  folder: RunFolder;
  /** The number the candidate's attempt will have (the attempts so far plus one). */
  attempt: number;
  /** How the code was found, when the caller read it otherwise (edit blocks applied to the program). */
  extraction?: string;
}): Candidate {
  const { reply, messages, temperature } = input;
  const extracted = extractCode(reply.text, input.language);
  input.folder.writeExchange(input.attempt, {
    messages,
    reply: reply.text,
    retries: reply.retries,
    temperature,
    extraction: input.extraction ?? (extracted.truncated ? `${extracted.method} (truncated)` : extracted.method),
  });
  return {
    code: extracted.code,
    source: "model",
    strategy: input.strategy,
    tokens: reply.usage,
    produceMs: reply.durationMs,
    exchangeKept: true,
  };
}
