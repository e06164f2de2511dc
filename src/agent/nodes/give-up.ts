import type { AgentDeps } from "../agent-deps.js";
import { bestProgram } from "../best-attempt.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";
import { noTestsMessage, stopReason, type StopReason } from "../stop-reason.js";
import { verifiedBy } from "../tests-for.js";
import { type AgreementPick, rankByAgreement } from "../rank-by-agreement.js";

/**
 * Ends a run without verified code: returns the best attempt (most tests passed, then
 * fewest layers failed), labelled unverified unless it passed (a rejected approval).
 */
export function giveUpNode(deps: AgentDeps) {
  return (state: AgentStateValue): AgentUpdate => {
    const stop = withoutTests(stopReason(state, deps) ?? { reason: "error", why: "the loop stopped without a reason" }, deps, state);
    const best = state.best;
    const program = best ? bestProgram(best, state, deps.folder) : undefined;
    const label = best
      ? best.passed
        ? `returning attempt ${best.n}, which passed validation`
        : best.stage === "ok"
          ? `returning attempt ${best.n}, which passed every layer, unverified`
          : `returning the best attempt, ${best.n} (${plural(best.testsPassed, "test")} passed, stopped at ${best.stage}), unverified`
      : undefined;
    const agreed = best?.passed ? undefined : pickByAgreement(deps, state);
    if (agreed && agreed.n !== best?.n) {
      const chosen = `returning attempt ${agreed.n}, chosen by agreement with the generated tests: ${agreed.agreeing} different programs pass the same ${plural(agreed.passed, "generated test")} and every other test, unverified`;
      return {
        status: "failed",
        reason: stop.reason,
        message: `${stop.why}. ${chosen[0].toUpperCase()}${chosen.slice(1)}.`,
        outcome: { code: agreed.code, verified: false, n: agreed.n, testsRun: agreed.testsRun },
      };
    }
    return {
      status: "failed",
      reason: stop.reason,
      message: label ? `${stop.why}. ${label[0].toUpperCase()}${label.slice(1)}.` : stop.why,
      outcome: { code: program?.code ?? state.code ?? "", ...filesOf(program ? program.files : state.files), verified: best?.passed ?? false, n: best?.n ?? 0, testsRun: best?.testsRun ?? 0 },
    };
  };
}

/**
 * A run with no tests at all could not have been verified whatever the fixers did: it ends
 * `no_tests` (saying why the loop stopped as well), unless a person or a fault stopped it.
 */
function withoutTests(stop: StopReason, deps: AgentDeps, state: AgentStateValue): StopReason {
  if (verifiedBy(deps, state) !== "none" || (stop.reason !== "max_attempts" && stop.reason !== "no_model")) return stop;
  return { reason: "no_tests", why: `${noTestsMessage("none")} (the loop stopped as well: ${stop.why})` };
}

/**
 * With generated tests and several programs that pass every other test, the one most others
 * agree with (CodeT's dual agreement), when at least two different programs agree.
 */
function pickByAgreement(deps: AgentDeps, state: AgentStateValue): AgreementPick | undefined {
  const kept = state.generatedTests?.suite.tests.map((test) => test.name) ?? [];
  if (kept.length === 0) return undefined;
  const attempts = deps.folder.readAttempts().map((file) => ({ n: file.record.n, code: file.code, check: file.check }));
  const pick = rankByAgreement(attempts, kept);
  return pick && pick.agreeing >= 2 ? pick : undefined;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function filesOf(files: Record<string, string> | null | undefined): { files?: Record<string, string> } {
  return files ? { files } : {};
}
