import type { TestObservation } from "./candidate-runner.js";

/**
 * Per-test CPU limits for the candidates of a search, derived from how long each test took on
 * the original program (its baseline, which traced every line: several times slower than a
 * candidate's run, so the figures are generous already).
 *
 * - A test that passed keeps to a few times its own time: a candidate that takes much longer
 *   there loops where the original did not.
 * - A test that failed may take what the slowest test that works may take, or twice its own
 *   time if more (its own time says little: a failure is often quicker than the right answer,
 *   and the program's traced lines are what make the baseline slow).
 * - A test that hung in the baseline gets the same, which is short: most mutants of a hanging
 *   program hang too, and each would otherwise cost a long limit.
 *
 * Every limit is at least a floor (a test's fixed cost, a busy machine's noise) and, near the end
 * of the budget, at most a share of what is left, so that the last candidates still end in time.
 */
export interface TestTimeLimits {
  /** CPU milliseconds per test id. */
  perTest: Record<string, number>;
  /** The candidate's whole run, every test at its limit: the runner's backstop. */
  totalMs: number;
}

/** A test's limit is at least this (CPU ms). */
export const TEST_LIMIT_FLOOR_MS = 50;
/** Times a test's own baseline time (or the slowest passing test's, for one that failed or hung). */
export const TEST_LIMIT_FACTOR = 3;
/** Times a failing test's own baseline time. */
export const FAILING_OWN_FACTOR = 2;
/** Near the end of the budget, a test may take at most this share of what is left. */
export const TEST_LIMIT_SHARE_OF_LEFT = 0.25;
/** Nor more than this, however slow the original. */
export const TEST_LIMIT_CEILING_MS = 10_000;

/** The limits of `failing` and `passing` (test ids) from the baseline's observations, with `leftMs` of the budget left. */
export function testTimeLimits(
  observed: readonly TestObservation[],
  failing: readonly string[],
  passing: readonly string[],
  leftMs: number,
): TestTimeLimits {
  const byId = new Map(observed.map((test) => [test.id, test]));
  const timeOf = (test: TestObservation | undefined) => (test ? (test.cpuMs ?? test.durationMs) : 0);
  // The results of one test run (its asserts' and its own, see runtime/python/mend_assertions.py)
  // share one limit, since the runner runs that test once for all of them: each gets its share.
  const tests = new Map<string, { ids: string[]; failing: boolean; ms: number }>();
  const add = (id: string, failed: boolean) => {
    const owner = ownerOf(id);
    const test = tests.get(owner) ?? { ids: [], failing: false, ms: 0 };
    const observation = byId.get(id);
    test.ids.push(id);
    test.failing ||= failed;
    test.ms += observation?.outcome === "timeout" ? 0 : timeOf(observation);
    tests.set(owner, test);
  };
  for (const id of passing) add(id, false);
  for (const id of failing) add(id, true);
  const slowestPassing = Math.max(0, ...[...tests.values()].filter((test) => !test.failing).map((test) => test.ms));
  const cap = Math.min(TEST_LIMIT_CEILING_MS, Math.max(TEST_LIMIT_FLOOR_MS, leftMs * TEST_LIMIT_SHARE_OF_LEFT));
  const limit = (ms: number) => Math.round(Math.min(cap, Math.max(TEST_LIMIT_FLOOR_MS, TEST_LIMIT_FACTOR * ms)));
  const perTest: Record<string, number> = {};
  for (const test of tests.values()) {
    const whole = test.failing ? limit(Math.max(slowestPassing, (FAILING_OWN_FACTOR / TEST_LIMIT_FACTOR) * test.ms)) : limit(test.ms);
    const share = Math.floor(whole / test.ids.length);
    test.ids.forEach((id, at) => (perTest[id] = at === 0 ? whole - share * (test.ids.length - 1) : share));
  }
  const totalMs = Object.values(perTest).reduce((sum, ms) => sum + ms, 0);
  return { perTest, totalMs };
}

/** The test a result is of: itself, or the test an assert's result (`TEST::assert@line 7`) was recorded in. */
function ownerOf(id: string): string {
  const at = id.lastIndexOf("::assert@");
  return at < 0 ? id : id.slice(0, at);
}
