import type { EvalTaskResult } from "./eval-task-result.js";

/** The figures of one task an eval needs (from its result line, or a baseline's). */
export interface EvalOutcome {
  taskId: string;
  status: "passed" | "failed";
  reason: string;
  /** The attempt that first passed validation. */
  passedAt?: number;
  attempts: number;
  tokens: number;
  costUsd: number;
  durationMs: number;
  /** Where the last attempt stopped (`tests`, `syntax`, ... or `ok`), and its error type. */
  finalStage?: string;
  finalErrorType?: string;
  runId?: string;
  runDir?: string;
  /** The first attempt was the task's own draft (a bug-fixing task), not a generated program. */
  fromDraft?: boolean;
}

/** A share of the tasks: how many, and the fraction (0 when there are no tasks). */
export interface Share {
  count: number;
  rate: number;
}

/** The figures `mend eval` reports over a set of tasks. */
export interface EvalFigures {
  tasks: number;
  /** Tasks that ended with verified code. */
  solved: Share;
  /** Tasks whose first attempt passed: pass@1 of a single deterministic sample. */
  passAt1: Share;
  /** Tasks passed within k attempts, for k = 1..maxK: the curve. */
  curve: (Share & { k: number })[];
  /**
   * For a suite of drafts to repair (every task's first attempt is its draft, so pass@1 is
   * whether the bug was there at all): tasks solved within n repair attempts after the draft.
   */
  afterDraft?: (Share & { n: number })[];
  tokens: { total: number; perTask: number; perSolved: number | null };
  costUsd: { total: number; perTask: number; perSolved: number | null };
  timeMs: { total: number; mean: number; median: number };
  /** Unsolved tasks by the run's stop reason (`max_attempts`, `no_model`, `stuck`, ...). */
  failureReasons: Record<string, number>;
  /** Unsolved tasks by where their last attempt failed (`tests: assertion`, `syntax`, ...). */
  failureStages: Record<string, number>;
}

export function outcomeOf(result: EvalTaskResult): EvalOutcome {
  const last = result.attempts.at(-1);
  return {
    taskId: result.taskId,
    status: result.status,
    reason: result.reason,
    ...(result.passedAt !== undefined ? { passedAt: result.passedAt } : {}),
    attempts: result.attempts.length,
    tokens: result.usage.inputTokens + result.usage.outputTokens,
    costUsd: result.usage.costUsd,
    durationMs: result.durationMs,
    ...(last ? { finalStage: last.stage } : {}),
    ...(last?.errorType ? { finalErrorType: last.errorType } : {}),
    runId: result.runId,
    runDir: result.runDir,
    ...(result.attempts[0]?.source === "draft" ? { fromDraft: true } : {}),
  };
}

/**
 * Every figure over `outcomes`. "Solved" means the run ended verified; the curve counts a
 * task at k when an attempt numbered k or lower passed. Per-solved figures divide the whole
 * spend (failed tasks included) by the tasks solved: what one solution costs.
 */
export function evalFigures(outcomes: readonly EvalOutcome[], maxK: number): EvalFigures {
  const tasks = outcomes.length;
  const share = (count: number): Share => ({ count, rate: tasks === 0 ? 0 : count / tasks });
  const solved = outcomes.filter((outcome) => outcome.status === "passed").length;
  const within = (k: number) => outcomes.filter((outcome) => outcome.passedAt !== undefined && outcome.passedAt <= k).length;
  const tokens = sum(outcomes.map((outcome) => outcome.tokens));
  const cost = sum(outcomes.map((outcome) => outcome.costUsd));
  const times = outcomes.map((outcome) => outcome.durationMs);
  const failed = outcomes.filter((outcome) => outcome.status !== "passed");
  return {
    tasks,
    solved: share(solved),
    passAt1: share(within(1)),
    curve: Array.from({ length: Math.max(1, maxK) }, (_, index) => ({ k: index + 1, ...share(within(index + 1)) })),
    ...(tasks > 0 && outcomes.every((outcome) => outcome.fromDraft)
      ? { afterDraft: Array.from({ length: Math.max(1, maxK - 1) }, (_, index) => ({ n: index + 1, ...share(within(index + 2)) })) }
      : {}),
    tokens: { total: tokens, perTask: perTask(tokens, tasks), perSolved: solved === 0 ? null : tokens / solved },
    costUsd: { total: cost, perTask: perTask(cost, tasks), perSolved: solved === 0 ? null : cost / solved },
    timeMs: { total: sum(times), mean: perTask(sum(times), tasks), median: median(times) },
    failureReasons: countBy(failed.map((outcome) => outcome.reason)),
    failureStages: countBy(
      failed.map((outcome) =>
        outcome.finalStage === undefined ? "no attempt" : `${outcome.finalStage}${outcome.finalErrorType ? `: ${outcome.finalErrorType}` : ""}`,
      ),
    ),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function perTask(total: number, tasks: number): number {
  return tasks === 0 ? 0 : total / tasks;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function countBy(keys: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}
