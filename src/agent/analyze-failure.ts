import type { AgentDeps } from "./agent-deps.js";
import { currentDiagnosis } from "./current-diagnosis.js";
import { historyOf } from "./history-of.js";
import { repairRequest } from "./repair-request.js";
import { testsFor } from "./tests-for.js";
import type { SuspiciousLine } from "./collaborators.js";
import type { Analysis, AgentStateValue } from "./state.js";

const SUSPICIOUS_SHOWN = 3;
const LOCALIZE_BUDGET_MS = 10_000;

/** An analysis for the repair prompt, and the executions it cost (a fault localization run). */
export interface AnalyzedFailure {
  analysis: Analysis;
  executions: number;
}

/**
 * Whether a failed attempt is analyzed before its repair: runtime and test failures are; a
 * syntax error or an empty program goes to the model as it is (nothing ran to localize).
 */
export function wantsAnalysis(state: AgentStateValue): boolean {
  const errorType = state.check?.errorType;
  return errorType !== "syntax" && errorType !== "empty";
}

/**
 * What the history says about a runtime or test failure (the same failure as an earlier
 * attempt means the last change missed the cause), the most suspicious lines by fault
 * localization, and, under plan-then-fix, that the repair must state the root cause and a
 * plan before the code. No model call: every attempt costs exactly one.
 */
export async function analyzeFailure(state: AgentStateValue, deps: AgentDeps): Promise<AnalyzedFailure> {
  const diagnosis = currentDiagnosis(state);
  const notes: string[] = [];
  const first = diagnosis ? historyOf(state).avoid.find((entry) => entry.signature === diagnosis.signature) : undefined;
  if (first && first.n !== state.attempts) {
    notes.push(`Attempt ${state.attempts} fails exactly like attempt ${first.n}: the changes since then did not touch the cause. Look elsewhere.`);
  }
  const passedBefore = state.best && state.best.n !== state.attempts ? state.best.testsPassed : undefined;
  const passedNow = diagnosis?.tests?.passed;
  if (passedBefore !== undefined && passedNow !== undefined && passedNow < passedBefore) {
    notes.push(`Attempt ${state.best?.n} passed ${passedBefore} tests, this one only ${passedNow}: keep what attempt ${state.best?.n} got right.`);
  }
  const localized = await localize(state, deps);
  const suspicious = localized?.lines ?? [];
  return {
    analysis: { plan: state.strategy === "plan_fix", notes, ...(suspicious.length ? { suspicious } : {}) },
    executions: localized ? 1 : 0,
  };
}

/**
 * Fault localization for failing tests (one coverage run), or undefined when it does not
 * apply; a failure of the localizer only costs the hint.
 */
async function localize(state: AgentStateValue, deps: AgentDeps): Promise<{ lines: string[] } | undefined> {
  const { code, check } = state;
  if (!deps.localizer || deps.model === null || code === null || !check || check.stage !== "tests") return undefined;
  const { task } = deps;
  let ranking: SuspiciousLine[];
  try {
    ranking = await deps.localizer(repairRequest(task, code, check, testsFor(deps, state)), { sandbox: deps.sandbox, timeBudgetMs: LOCALIZE_BUDGET_MS });
  } catch {
    deps.signal?.throwIfAborted();
    return { lines: [] };
  }
  const source = code.split("\n");
  const lines = ranking
    .filter((entry) => entry.file === task.entry && entry.score > 0 && source[entry.line - 1]?.trim())
    .slice(0, SUSPICIOUS_SHOWN)
    .map((entry) => `line ${entry.line} (score ${entry.score.toFixed(2)}): ${source[entry.line - 1].trim()}`);
  return { lines };
}
