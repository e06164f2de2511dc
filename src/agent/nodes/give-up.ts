import type { AgentDeps } from "../agent-deps.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";
import { stopReason } from "../stop-reason.js";

/**
 * Ends a run without verified code: returns the best attempt (most tests passed, then
 * fewest layers failed), labelled unverified unless it passed (a rejected approval).
 */
export function giveUpNode(deps: AgentDeps) {
  return (state: AgentStateValue): AgentUpdate => {
    const stop = stopReason(state, deps) ?? { reason: "error" as const, why: "the loop stopped without a reason" };
    const best = state.best;
    const label = best
      ? best.passed
        ? `returning attempt ${best.n}, which passed validation`
        : `returning the best attempt, ${best.n} (${plural(best.testsPassed, "test")} passed, stopped at ${best.stage}), unverified`
      : undefined;
    return {
      status: "failed",
      reason: stop.reason,
      message: label ? `${stop.why}. ${label[0].toUpperCase()}${label.slice(1)}.` : stop.why,
      outcome: { code: best?.code ?? state.code ?? "", verified: best?.passed ?? false, n: best?.n ?? 0 },
    };
  };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
