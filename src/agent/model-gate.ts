import { SharedBudgetError } from "../errors/shared-budget-error.js";
import type { ModelClient, PromptMessage } from "./collaborators.js";

/** A model call let through by a gate; told what it spent once it returns (or that it failed). */
export interface GateTicket {
  settle(spent: { input: number; output: number; costUsd: number }): Promise<void>;
}

/**
 * Asked before every model call of a run: a cap shared beyond the run (every worker of a
 * queued eval). `admit` records the call's estimated tokens before it is made, or rejects
 * with a `SharedBudgetError` when the call would cross the cap.
 */
export interface ModelGate {
  admit(call: { model: string; estimatedTokens: number }): Promise<GateTicket>;
}

/** The model client with every call passed through `gate` first. */
export function gateModelClient(client: ModelClient, gate: ModelGate): ModelClient {
  return {
    name: client.name,
    async call(messages, options) {
      const ticket = await gate.admit({ model: client.name, estimatedTokens: estimateTokens(messages) });
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

// About four characters a token in English text and code: the reservation only needs to be
// of the right size, and the exact count replaces it when the call returns.
function estimateTokens(messages: PromptMessage[]): number {
  return Math.ceil(messages.reduce((sum, message) => sum + message.content.length, 0) / 4);
}
