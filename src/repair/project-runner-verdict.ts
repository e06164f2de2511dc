import type { RawTestRun } from "../diagnosis/raw-failure.js";
import type { CandidateBatch, CandidateVerdict } from "./candidate-runner.js";

// How the project runner's report of a candidate's tests becomes its verdict: shared by the
// run-per-group runner and the warm vitest server.

/** Where a candidate's copy of the source tree sits in a group's run. */
export function copyPrefix(id: number): string {
  return `__mend_c${id}/`;
}

/** A test's id as the engine knows it: its file and the runner's full name. */
export function testId(file: string, name: string): string {
  return `${file}::${name}`;
}

/** A candidate's verdict from its copy's tests in the group's report (a group the runner never finished counts as timed out). */
export function judge(id: number, result: RawTestRun, batch: CandidateBatch, durationMs: number, inPlace: boolean): CandidateVerdict {
  const prefix = inPlace ? "" : copyPrefix(id);
  const outcomes = new Map<string, boolean>();
  for (const test of result.cases) {
    if (test.file?.startsWith(prefix)) outcomes.set(testId(test.file.slice(prefix.length), test.name), test.outcome === "passed");
  }
  const expected = new Set([...batch.failing, ...batch.passing]);
  // Killed by its watchdog: vitest leaves the file's tests not run, jest says its worker was killed.
  const killed =
    result.cases.some((test) => test.file?.startsWith(prefix) && test.outcome === "skipped" && expected.has(testId(test.file.slice(prefix.length), test.name))) ||
    result.loadErrors.some((error) => error.file.startsWith(prefix) && /terminated by another process|SIGKILL/.test(error.error.message));
  const loadFailed = !killed && result.loadErrors.some((error) => error.file.startsWith(prefix));
  const ran = outcomes.size > 0 && !killed;
  const passedOf = (ids: string[]) => ids.filter((testIdentity) => outcomes.get(testIdentity) === true).length;
  return {
    id,
    // A copy whose tests could not even load (the candidate does not parse, or throws on import) was never a program.
    invalid: !ran && loadFailed,
    timedOut: !ran && !loadFailed,
    failingPassed: passedOf(batch.failing),
    failingTotal: batch.failing.length,
    restPassed: ran ? passedOf(batch.passing) : null,
    restTotal: batch.passing.length,
    unknownFailed: 0,
    durationMs,
  };
}

/** Passes every test it was asked about. */
export function isPlausible(verdict: CandidateVerdict): boolean {
  return !verdict.invalid && !verdict.timedOut && verdict.failingPassed === verdict.failingTotal && verdict.restPassed === verdict.restTotal;
}
