import type { AgentDeps } from "../agent-deps.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";
import { noTestsMessage, stopReason, type StopReason } from "../stop-reason.js";

/**
 * Ends a run without verified code: returns the best attempt (most tests passed, then
 * fewest layers failed), labelled unverified unless it passed (a rejected approval).
 */
export function giveUpNode(deps: AgentDeps) {
  return (state: AgentStateValue): AgentUpdate => {
    const stop = withoutTests(stopReason(state, deps) ?? { reason: "error", why: "the loop stopped without a reason" }, deps);
    const best = state.best;
    const label = best
      ? best.passed
        ? `returning attempt ${best.n}, which passed validation`
        : best.stage === "ok"
          ? `returning attempt ${best.n}, which passed every layer, unverified`
          : `returning the best attempt, ${best.n} (${plural(best.testsPassed, "test")} passed, stopped at ${best.stage}), unverified`
      : undefined;
    return {
      status: "failed",
      reason: stop.reason,
      message: label ? `${stop.why}. ${label[0].toUpperCase()}${label.slice(1)}.` : stop.why,
      outcome: { code: best?.code ?? state.code ?? "", ...filesOf(best?.files ?? (best ? undefined : state.files)), verified: best?.passed ?? false, n: best?.n ?? 0, testsRun: best?.testsRun ?? 0 },
    };
  };
}

/**
 * A run with no tests at all could not have been verified whatever the fixers did: it ends
 * `no_tests` (saying why the loop stopped as well), unless a person or a fault stopped it.
 */
function withoutTests(stop: StopReason, deps: AgentDeps): StopReason {
  if (deps.verifiedBy !== "none" || (stop.reason !== "max_attempts" && stop.reason !== "no_model")) return stop;
  return { reason: "no_tests", why: `${noTestsMessage("none")} (the loop stopped as well: ${stop.why})` };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function filesOf(files: Record<string, string> | null | undefined): { files?: Record<string, string> } {
  return files ? { files } : {};
}
