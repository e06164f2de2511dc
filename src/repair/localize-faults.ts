import { basename } from "node:path";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { CheckResult } from "../shared/check-result.js";
import type { Language } from "../shared/language.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { SourceFile } from "../shared/task.js";
import type { Baseline, CandidateRunner } from "./candidate-runner.js";
import { createCandidateRunner } from "./create-candidate-runner.js";
import { rankByOchiai, type SuspiciousLine } from "./ochiai.js";

export type { SuspiciousLine } from "./ochiai.js";

export interface LocalizeInput {
  language: Language;
  entry: string;
  code: string;
  tests: SourceFile[];
  support?: SourceFile[];
  /** The failing validation of `code`, if known: its location is strong evidence. */
  check?: CheckResult;
}

export interface LocalizeOptions {
  sandbox?: Sandbox;
  /** Wall-clock budget for the coverage run (default 10 s). */
  timeBudgetMs?: number;
  /** A test still running after this long is taken to hang (default 2 s). */
  testTimeoutMs?: number;
  /** The coverage run is stopped after this long, start-up included (default: no limit of its own). */
  wallLimitMs?: number;
}

const DEFAULT_BUDGET_MS = 10_000;
const DEFAULT_TEST_TIMEOUT_MS = 2_000;

/**
 * Ranks the program's lines by suspiciousness: runs every test once inside the sandbox with
 * per-test line coverage and scores lines with Ochiai. Empty when no test fails.
 */
export async function localizeFaults(input: LocalizeInput, options: LocalizeOptions = {}): Promise<SuspiciousLine[]> {
  const sandbox = options.sandbox ?? createSandbox();
  try {
    const runner = createCandidateRunner({ ...input, sandbox, jobs: 1 });
    const baseline = await runBaseline(runner, options);
    if (baseline.status !== "ok") return checkOnlyRanking(input);
    return rankBaseline(input, baseline);
  } finally {
    if (!options.sandbox) await sandbox.close();
  }
}

export function runBaseline(runner: CandidateRunner, options: LocalizeOptions): Promise<Baseline> {
  return runner.baseline(options.testTimeoutMs ?? DEFAULT_TEST_TIMEOUT_MS, options.timeBudgetMs ?? DEFAULT_BUDGET_MS, options.wallLimitMs);
}

/** Ochiai over the baseline, with the check's location as extra evidence. */
export function rankBaseline(input: LocalizeInput, baseline: Extract<Baseline, { status: "ok" }>): SuspiciousLine[] {
  return rankByOchiai(input.entry, baseline.tests, { checkLine: checkLineInEntry(input) });
}

/** Without coverage, the only evidence is where the check says the program failed. */
function checkOnlyRanking(input: LocalizeInput): SuspiciousLine[] {
  const line = checkLineInEntry(input);
  return line === undefined ? [] : [{ file: input.entry, line, score: 1 }];
}

function checkLineInEntry(input: LocalizeInput): number | undefined {
  const location = input.check?.location;
  if (!location || basename(location.file) !== basename(input.entry)) return undefined;
  return location.line;
}
