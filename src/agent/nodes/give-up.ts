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
        : `returning attempt ${best.n} (${best.testsPassed} tests passed, stopped at ${best.stage}), unverified`
      : "no attempt was made";
    return {
      status: "failed",
      reason: stop.reason,
      message: `${stop.why}; ${label}`,
      outcome: { code: best?.code ?? state.code ?? "", verified: best?.passed ?? false, n: best?.n ?? 0 },
    };
  };
}
