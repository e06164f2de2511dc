import type { Strategy } from "../../shared/attempt.js";
import type { AgentDeps } from "../agent-deps.js";
import { attemptLine } from "../prompts/prompt-sections.js";
import type { AgentStateValue, AgentUpdate, RecentAttempt } from "../state.js";
import { escalate } from "../strategy.js";
import { toDiagnosis } from "../to-diagnosis.js";

const RECENT_IN_FULL = 2;
const OLDER_KEPT = 10;
const AVOID_KEPT = 8;

/**
 * Turns the failed validation into the loop's working memory: the diagnosis, the bounded
 * history the prompts show (two attempts in full, older ones as one line, a do-not-repeat
 * list), and the strategy, escalated after repeated failed model attempts.
 */
export function diagnoseNode(deps: AgentDeps) {
  return (state: AgentStateValue): AgentUpdate => {
    const { check, code } = state;
    if (!check || code === null) throw new Error("diagnose reached without a validated attempt");
    const n = state.attempts;
    const diagnosis = toDiagnosis(check);
    // The attempt file already holds this diagnosis: validate wrote it with the attempt.
    const file = deps.folder.readAttempt(n);
    const source = file?.record.source ?? "model";
    const attemptStrategy = String(file?.record.strategy ?? state.strategy);

    const recent: RecentAttempt[] = [...state.recent, { n, strategy: attemptStrategy, code, diagnosis }];
    const older = [...state.older];
    while (recent.length > RECENT_IN_FULL) {
      const dropped = recent.shift() as RecentAttempt;
      older.push(attemptLine(dropped.n, dropped.strategy, dropped.diagnosis));
    }
    const avoid = state.avoid.some((entry) => entry.signature === diagnosis.signature)
      ? state.avoid
      : [...state.avoid, { signature: diagnosis.signature, n, line: attemptLine(n, attemptStrategy, diagnosis) }];

    const syntaxStreak = check.errorType === "syntax" || check.errorType === "empty" ? state.syntaxStreak + 1 : 0;
    const note = state.boundaryNote;
    const stuck = note !== null && note.step !== state.noteHandled;
    const next = stuck
      ? { strategy: "fresh" as const, failures: 0, why: `the error boundary found the loop stuck: ${note.message}` }
      : nextStrategy(state, source, syntaxStreak);
    if (next.strategy !== state.strategy) {
      deps.emit({ type: "strategy", from: state.strategy, to: next.strategy, why: next.why });
    }
    return {
      diagnosis,
      analysis: null,
      recent,
      older: older.slice(-OLDER_KEPT),
      avoid: avoid.slice(-AVOID_KEPT),
      syntaxStreak,
      strategy: next.strategy,
      strategyFailures: next.failures,
      modelFailures: source === "model" ? state.modelFailures + 1 : state.modelFailures,
      ...(stuck ? { noteHandled: note.step } : {}),
    };
  };
}

function nextStrategy(
  state: AgentStateValue,
  source: string,
  syntaxStreak: number,
): { strategy: Strategy; failures: number; why: string } {
  // Only model attempts count against a strategy: a failing draft or offline fix says
  // nothing about how well the model's approach works.
  if (source !== "model") return { strategy: state.strategy, failures: state.strategyFailures, why: "" };
  if (syntaxStreak >= 2 && state.strategy !== "fresh") {
    return { strategy: "fresh", failures: 0, why: `${syntaxStreak} syntax errors in a row: regenerate` };
  }
  const failures = state.strategyFailures + 1;
  const next = escalate(state.strategy, failures);
  const why =
    next.strategy === state.strategy
      ? ""
      : `${failures} failed ${state.strategy} attempt${failures === 1 ? "" : "s"}: switch to ${next.strategy}`;
  return { ...next, why };
}
