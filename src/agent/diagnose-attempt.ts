import type { BoundaryNote } from "../boundary/boundary-note.js";
import type { Strategy } from "../shared/attempt.js";
import type { AgentDeps } from "./agent-deps.js";
import { attemptLine } from "./prompts/prompt-sections.js";
import { historyOf } from "./history-of.js";
import type { AgentStateValue, AgentUpdate, AttemptGist, RecentAttempt } from "./state.js";
import { escalate } from "./strategy.js";
import { toDiagnosis } from "./to-diagnosis.js";

const RECENT_IN_FULL = 2;
const OLDER_KEPT = 10;
const AVOID_KEPT = 8;

/** Where the attempt came from, as its attempt file records it. */
export interface AttemptOrigin {
  source: string;
  strategy: string;
}

/** The code of an earlier attempt, when the caller has it at hand (validate, before its update). */
export interface EarlierCode {
  n: number;
  code: string | null;
}

/**
 * Turns the failed validation of the latest attempt into the loop's working memory: the
 * diagnosis, the bounded history the prompts show (two attempts in full, older ones as one
 * line, a do-not-repeat list), and the strategy, escalated after repeated failed model
 * attempts or switched to a fresh approach by an error boundary's note not yet acted on.
 */
export function diagnoseAttempt(state: AgentStateValue, deps: AgentDeps, origin: AttemptOrigin, earlier?: EarlierCode): AgentUpdate {
  const { check, code } = state;
  if (!check || code === null) throw new Error("diagnose reached without a validated attempt");
  const n = state.attempts;
  const diagnosis = toDiagnosis(check);
  const gist: AttemptGist = { errorType: diagnosis.errorType, summary: diagnosis.summary, ...(diagnosis.location ? { location: diagnosis.location } : {}) };
  const history = historyOf(state);
  // The latest attempt's code is `code`, so its entry holds none (see RecentAttempt).
  const recent: RecentAttempt[] = [...history.recent, { n, strategy: origin.strategy, diagnosis: gist }];
  const older = [...history.older];
  while (recent.length > RECENT_IN_FULL) {
    const dropped = recent.shift() as RecentAttempt;
    older.push(attemptLine(dropped.n, dropped.strategy, dropped.diagnosis));
  }
  // The attempt before it is no longer the latest: its code now goes with its entry.
  const kept = recent.map((attempt) => (attempt.n === n || attempt.code !== undefined ? attempt : withCode(attempt, deps, earlier)));
  const avoid = history.avoid.some((entry) => entry.signature === diagnosis.signature)
    ? history.avoid
    : [...history.avoid, { signature: diagnosis.signature, n, line: attemptLine(n, origin.strategy, diagnosis) }];

  const syntaxStreak = check.errorType === "syntax" || check.errorType === "empty" ? state.syntaxStreak + 1 : 0;
  const note = unhandledNote(state);
  const next = note ? freshFromNote(note) : nextStrategy(state, origin.source, syntaxStreak);
  if (next.strategy !== state.strategy) {
    deps.emit({ type: "strategy", from: state.strategy, to: next.strategy, why: next.why });
  }
  return {
    analysis: null,
    history: { recent: kept, older: older.slice(-OLDER_KEPT), avoid: avoid.slice(-AVOID_KEPT) },
    syntaxStreak,
    strategy: next.strategy,
    strategyFailures: next.failures,
    modelFailures: origin.source === "model" ? state.modelFailures + 1 : state.modelFailures,
    ...(note ? { noteHandled: note.step } : {}),
  };
}

/**
 * An attempt already diagnosed when the error boundary found the loop stuck on it: its note
 * switches the strategy to a fresh approach, as it would have had it come before the diagnosis.
 */
export function actOnNote(state: AgentStateValue, deps: AgentDeps): AgentUpdate {
  const note = unhandledNote(state);
  if (!note) return {};
  const next = freshFromNote(note);
  if (next.strategy !== state.strategy) deps.emit({ type: "strategy", from: state.strategy, to: next.strategy, why: next.why });
  return { strategy: next.strategy, strategyFailures: next.failures, noteHandled: note.step };
}

/** A recent attempt with its code: the one at hand, else its attempt file's (none when that is gone). */
function withCode(attempt: RecentAttempt, deps: AgentDeps, earlier: EarlierCode | undefined): RecentAttempt {
  const code = earlier?.n === attempt.n && earlier.code !== null ? earlier.code : deps.folder.readAttempt(attempt.n)?.code;
  return code === undefined ? attempt : { ...attempt, code };
}

/** The note the error boundary wrote, if the loop has not acted on it yet. */
export function unhandledNote(state: AgentStateValue): BoundaryNote | undefined {
  const note = state.boundaryNote;
  return note !== null && note.step !== state.noteHandled ? note : undefined;
}

function freshFromNote(note: BoundaryNote): { strategy: Strategy; failures: number; why: string } {
  return { strategy: "fresh", failures: 0, why: `the error boundary found the loop stuck: ${note.message}` };
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
