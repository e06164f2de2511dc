import { basename } from "node:path";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { CheckResult } from "../shared/check-result.js";
import type { Language } from "../shared/language.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { SourceFile } from "../shared/task.js";
import type { Baseline, CandidateRunner, TestObservation } from "./candidate-runner.js";
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
  /** A multi-file program's other files: their lines are ranked with the entry's. */
  editable?: SourceFile[];
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
 * per-test line coverage and scores lines with Ochiai. Empty when no test fails. A multi-file
 * program's files (`editable`, tests never among them) are each traced in a run of their own
 * and ranked together with the entry.
 */
export async function localizeFaults(input: LocalizeInput, options: LocalizeOptions = {}): Promise<SuspiciousLine[]> {
  const sandbox = options.sandbox ?? createSandbox();
  try {
    const program = programFilesOf(input);
    // Each runner serves one baseline and is closed at once.
    const baselineOf = async (path: string) => {
      const runner = createCandidateRunner({ ...input, entry: path, code: program.get(path) ?? "", support: supportFor(input, program, path), sandbox, jobs: 1 });
      try {
        return await runBaseline(runner, options);
      } finally {
        await runner.close();
      }
    };
    const baseline = await baselineOf(input.entry);
    if (baseline.status !== "ok") return checkOnlyRanking(input);
    if (program.size === 1) return rankBaseline(input, baseline);
    const coverage = new Map([[input.entry, baseline.tests]]);
    for (const path of program.keys()) {
      if (path === input.entry) continue;
      const covered = await baselineOf(path);
      if (covered.status === "ok") coverage.set(path, covered.tests);
    }
    return rankFiles(input, coverage, baseline.tests);
  } finally {
    if (!options.sandbox) await sandbox.close();
  }
}

/**
 * The program's files, path -> content, the entry first: the entry and the non-empty editable
 * files, never a test file (tests are the specification, not a place for the fault).
 */
export function programFilesOf(input: LocalizeInput): Map<string, string> {
  const tests = new Set(input.tests.map((file) => file.path));
  if (tests.has(input.entry)) throw new Error(`fault localization: the entry ${input.entry} is a test file, which is never edited`);
  const program = new Map([[input.entry, input.code]]);
  for (const file of input.editable ?? []) {
    if (!tests.has(file.path) && file.path !== input.entry && file.content.trim()) program.set(file.path, file.content);
  }
  return program;
}

/** The files beside `path` when it is the subject of a run: the task's support and the program's other files as they are. */
export function supportFor(input: LocalizeInput, program: ReadonlyMap<string, string>, path: string): SourceFile[] {
  const others = [...program].filter(([name]) => name !== path).map(([name, content]) => ({ path: name, content }));
  return [...(input.support ?? []), ...others];
}

export function runBaseline(runner: CandidateRunner, options: LocalizeOptions): Promise<Baseline> {
  return runner.baseline(options.testTimeoutMs ?? DEFAULT_TEST_TIMEOUT_MS, options.timeBudgetMs ?? DEFAULT_BUDGET_MS, options.wallLimitMs);
}

/** Ochiai over the baseline, with the check's location as extra evidence. */
export function rankBaseline(input: LocalizeInput, baseline: Extract<Baseline, { status: "ok" }>): SuspiciousLine[] {
  return rankByOchiai(input.entry, baseline.tests, { checkLine: checkLineInEntry(input) });
}

/**
 * One Ochiai ranking over several files: `coverage` holds, per file, the tests' run with that
 * file traced; every file is scored against the outcomes of `outcomes` (one run's verdicts, so
 * a flaky test cannot count as failing for one file and passing for another). Lines of every
 * file are thus comparable, and the check's location adds to the line it names in whichever file.
 */
export function rankFiles(input: LocalizeInput, coverage: ReadonlyMap<string, readonly TestObservation[]>, outcomes: readonly TestObservation[]): SuspiciousLine[] {
  const outcomeOf = new Map(outcomes.map((test) => [test.id, test.outcome]));
  const ranked: SuspiciousLine[] = [];
  for (const [file, tests] of coverage) {
    const judged = tests.flatMap((test) => {
      const outcome = outcomeOf.get(test.id);
      return outcome ? [{ ...test, outcome }] : [];
    });
    ranked.push(...rankByOchiai(file, judged, { checkLine: checkLineIn(input, file) }));
  }
  return ranked.sort((a, b) => b.score - a.score || a.file.localeCompare(b.file) || a.line - b.line);
}

/** Without coverage, the only evidence is where the check says the program failed. */
function checkOnlyRanking(input: LocalizeInput): SuspiciousLine[] {
  const line = checkLineInEntry(input);
  return line === undefined ? [] : [{ file: input.entry, line, score: 1 }];
}

function checkLineInEntry(input: LocalizeInput): number | undefined {
  return checkLineIn(input, input.entry);
}

/** The check's line when its location is in `file` (the entry matched by name, as a bare task's frames name it). */
function checkLineIn(input: LocalizeInput, file: string): number | undefined {
  const location = input.check?.location;
  if (!location) return undefined;
  const same = location.file === file || location.file.endsWith(`/${file}`) || (file === input.entry && basename(location.file) === basename(file));
  return same ? location.line : undefined;
}
