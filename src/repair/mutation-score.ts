import type { Language } from "../shared/language.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { ProjectContext, SourceFile } from "../shared/task.js";
import type { CandidateVerdict } from "./candidate-runner.js";
import { createCandidateRunner } from "./create-candidate-runner.js";
import { generateMutations } from "./mutation-operators.js";
import { operatorTableFor } from "./operator-tables.js";
import { applyEdits } from "./source-edit.js";
import { grammarOf, hasSyntaxError, parseSource } from "./syntax-tree.js";

export interface MutationScoreInput {
  language: Language;
  entry: string;
  /** A program every test in `tests` passes. */
  code: string;
  tests: SourceFile[];
  support?: SourceFile[];
  project?: ProjectContext;
  sandbox: Sandbox;
  /** Most mutants to run (spread over the program). Default 40. */
  maxMutants?: number;
  /** Time the mutants may take together. Default 20 s. */
  budgetMs?: number;
}

/** How many mutants of a passing program the tests told apart from it. */
export type MutationScore =
  | { status: "measured"; mutants: number; killed: number; score: number }
  | { status: "unmeasured"; reason: string };

const DEFAULT_MAX_MUTANTS = 40;
const DEFAULT_BUDGET_MS = 20_000;
const TEST_TIMEOUT_MS = { python: 600, node: 2_000 };
const MUTANT_CPU_MS = 2_000;
const JOBS = 2;

/**
 * The mutation score of a test suite on a program it passes: the offline engine's mutation
 * operators make single-edit mutants, spread over the program's lines, and the score is the
 * share the tests kill (a failing test, a crash or a hang). Equivalent mutants cannot be
 * killed, so the score is a lower bound: a low one says the tests leave much unchecked.
 */
export async function measureMutationScore(input: MutationScoreInput): Promise<MutationScore> {
  const grammar = grammarOf(input.language, input.entry);
  const tree = await parseSource(grammar, input.code);
  let mutants: { id: number; code: string }[];
  try {
    if (hasSyntaxError(tree)) return { status: "unmeasured", reason: "the program does not parse" };
    const seen = new Set([input.code]);
    const all = generateMutations(tree, input.code, operatorTableFor(grammar))
      .sort((a, b) => a.line - b.line || a.cost - b.cost)
      .map((mutation) => applyEdits(input.code, [mutation.edit]))
      .filter((code) => !seen.has(code) && seen.add(code));
    mutants = spread(all, input.maxMutants ?? DEFAULT_MAX_MUTANTS).map((code, id) => ({ id, code }));
  } finally {
    tree.delete();
  }
  if (mutants.length === 0) return { status: "unmeasured", reason: "the mutation operators found nothing to change" };
  const runner = createCandidateRunner({ ...input, jobs: JOBS });
  let verdicts: CandidateVerdict[];
  try {
    const testTimeoutMs = input.language === "python" ? TEST_TIMEOUT_MS.python : TEST_TIMEOUT_MS.node;
    const budgetMs = input.budgetMs ?? DEFAULT_BUDGET_MS;
    const baseline = await runner.baseline(testTimeoutMs, budgetMs);
    if (baseline.status !== "ok") return { status: "unmeasured", reason: baseline.reason };
    const passing = baseline.tests.filter((test) => test.outcome === "passed").map((test) => test.id);
    if (passing.length === 0) return { status: "unmeasured", reason: "no test passes on the program" };
    ({ verdicts } = await runner.evaluate({
      candidates: mutants,
      failing: [],
      passing,
      timeoutMs: 10 * MUTANT_CPU_MS,
      cpuMs: MUTANT_CPU_MS,
      budgetMs,
      extraAfterPlausible: mutants.length,
      originalHangs: false,
    }));
  } finally {
    await runner.close();
  }
  // A mutant that does not compile is no mutant; one the budget left unrun is not counted.
  const valid = verdicts.filter((verdict) => !verdict.invalid);
  if (valid.length === 0) return { status: "unmeasured", reason: "no mutant ran within the time budget" };
  const killed = valid.filter((verdict) => verdict.timedOut || verdict.restPassed === null || verdict.restPassed < verdict.restTotal).length;
  return { status: "measured", mutants: valid.length, killed, score: killed / valid.length };
}

/** At most `max` items, evenly spread (the mutants come sorted by line, so every part of the program is sampled). */
function spread<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from({ length: max }, (_, index) => items[Math.floor((index * items.length) / max)]);
}
