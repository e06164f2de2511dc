import { countTokens } from "../models/count-tokens.js";
import { costOf, type Price, priceOf } from "../models/pricing.js";
import type { ModelClient } from "./collaborators.js";

/** A model call let through by a gate; told what it spent once it returns (or that it failed). */
export interface GateTicket {
  settle(spent: { input: number; output: number; costUsd: number }): Promise<void>;
}

/** What a gate is told of a call before it is made. */
export interface GateCall {
  model: string;
  /** The prompt's input tokens (counted locally) plus the output the call is assumed to take. */
  estimatedTokens: number;
  /** Those tokens at the model's price; undefined when nobody priced the model. */
  estimatedUsd: number | undefined;
}

/**
 * Asked before every model call of a run: a cap shared beyond the run (every worker of a
 * queued eval). `admit` records the call's estimated tokens and cost before it is made, or
 * rejects with a `SharedBudgetError` when the call would cross the cap.
 */
export interface ModelGate {
  admit(call: GateCall): Promise<GateTicket>;
}

/**
 * Output tokens a call is assumed to take before it is made, and under a token or USD budget
 * the output cap (`max_tokens`) every call of the loop is made with, so that the assumption
 * holds. 3072, not less: a whole-file reply may rewrite a file up to the search/replace
 * threshold (150 lines or 6 KiB, about 2,000 tokens) with prose around it, and a reply cut
 * at its cap is truncated code, a wasted attempt. The reservation is replaced by the
 * reported usage when the reply comes.
 */
export const ESTIMATED_OUTPUT_TOKENS = 3072;

/** A call's reservation: its input counted with js-tiktoken, its output assumed, both priced. */
export function estimateCall(model: string, messages: Parameters<ModelClient["call"]>[0], prices: Record<string, Price> = {}): GateCall {
  const usage = { input: countTokens(messages, model), output: ESTIMATED_OUTPUT_TOKENS };
  return {
    model,
    estimatedTokens: usage.input + usage.output,
    estimatedUsd: priceOf(model, prices) === undefined ? undefined : costOf(model, usage, prices),
  };
}

/** The model client with every call passed through `gate` first, priced by `prices` (MEND_PRICES). */
export function gateModelClient(client: ModelClient, gate: ModelGate, prices: Record<string, Price> = {}): ModelClient {
  return {
    name: client.name,
    async call(messages, options) {
      const ticket = await gate.admit(estimateCall(client.name, messages, prices));
      try {
        const reply = await client.call(messages, options);
        await ticket.settle({ input: reply.usage.input, output: reply.usage.output, costUsd: reply.costUsd });
        return reply;
      } catch (error) {
        await ticket.settle({ input: 0, output: 0, costUsd: 0 });
        throw error;
      }
    },
  };
}
