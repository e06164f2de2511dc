import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { UsageError } from "../errors/usage-error.js";
import { type EvalFigures, type EvalOutcome, evalFigures, outcomeOf } from "./eval-figures.js";
import { parseResults } from "./results-file.js";

/** An earlier eval to compare with. */
export interface Baseline {
  path: string;
  model?: string;
  outcomes: EvalOutcome[];
}

/** Two evals over the tasks they share: both sets of figures and what changed. */
export interface BaselineComparison {
  path: string;
  model?: string;
  /** Tasks in both evals; every figure below is over these. */
  commonTasks: number;
  onlyInBaseline: number;
  onlyInCurrent: number;
  baseline: EvalFigures;
  current: EvalFigures;
  /** Current minus baseline (rates as fractions; null when either side solved nothing). */
  delta: {
    solvedRate: number;
    passAt1Rate: number;
    tokensPerSolved: number | null;
    costPerSolved: number | null;
    meanTimeMs: number;
  };
  /** Tasks solved now and not in the baseline, and the reverse (regressions). */
  newlySolved: string[];
  newlyFailed: string[];
}

const outcomeSchema = z.looseObject({
  taskId: z.string(),
  status: z.enum(["passed", "failed"]),
  reason: z.string(),
  passedAt: z.number().optional(),
  attempts: z.number(),
  tokens: z.number(),
  costUsd: z.number(),
  durationMs: z.number(),
  finalStage: z.string().optional(),
  finalErrorType: z.string().optional(),
});

const reportSchema = z.looseObject({ schemaVersion: z.literal(1), model: z.string(), results: z.array(outcomeSchema) });

/**
 * Reads a baseline: an earlier eval's `eval.json`, its `results.jsonl`, or its output folder
 * (which holds both). Anything else is a UsageError.
 */
export function loadBaseline(path: string): Baseline {
  if (!existsSync(path)) throw new UsageError(`baseline not found: ${path}`, { code: "baseline_missing" });
  if (statSync(path).isDirectory()) {
    const report = join(path, "eval.json");
    return loadBaseline(existsSync(report) ? report : join(path, "results.jsonl"));
  }
  const text = readFileSync(path, "utf8");
  if (path.endsWith(".jsonl")) {
    return { path, outcomes: [...parseResults(text, path).values()].map(outcomeOf) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`baseline ${path} is not JSON: give an eval.json or results.jsonl`, { code: "baseline_malformed" });
  }
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success) {
    throw new UsageError(`baseline ${path} is not a mend eval report (schemaVersion 1)`, { code: "baseline_malformed" });
  }
  return { path, model: parsed.data.model, outcomes: parsed.data.results as EvalOutcome[] };
}

/** Compares the current outcomes with a baseline over the tasks both have. */
export function compareWithBaseline(baseline: Baseline, current: readonly EvalOutcome[], maxK: number): BaselineComparison {
  const before = new Map(baseline.outcomes.map((outcome) => [outcome.taskId, outcome]));
  const now = new Map(current.map((outcome) => [outcome.taskId, outcome]));
  const common = [...now.keys()].filter((id) => before.has(id));
  const pick = (map: Map<string, EvalOutcome>) => common.map((id) => map.get(id) as EvalOutcome);
  const k = Math.max(maxK, ...baseline.outcomes.map((outcome) => outcome.passedAt ?? 0));
  const baseFigures = evalFigures(pick(before), k);
  const currentFigures = evalFigures(pick(now), k);
  const difference = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  return {
    path: baseline.path,
    ...(baseline.model ? { model: baseline.model } : {}),
    commonTasks: common.length,
    onlyInBaseline: [...before.keys()].filter((id) => !now.has(id)).length,
    onlyInCurrent: current.length - common.length,
    baseline: baseFigures,
    current: currentFigures,
    delta: {
      solvedRate: currentFigures.solved.rate - baseFigures.solved.rate,
      passAt1Rate: currentFigures.passAt1.rate - baseFigures.passAt1.rate,
      tokensPerSolved: difference(currentFigures.tokens.perSolved, baseFigures.tokens.perSolved),
      costPerSolved: difference(currentFigures.costUsd.perSolved, baseFigures.costUsd.perSolved),
      meanTimeMs: currentFigures.timeMs.mean - baseFigures.timeMs.mean,
    },
    newlySolved: common.filter((id) => now.get(id)?.status === "passed" && before.get(id)?.status !== "passed"),
    newlyFailed: common.filter((id) => now.get(id)?.status !== "passed" && before.get(id)?.status === "passed"),
  };
}
