import { describe, expect, it } from "vitest";
import type { TestObservation } from "./candidate-runner.js";
import { FAILING_OWN_FACTOR, TEST_LIMIT_CEILING_MS, TEST_LIMIT_FACTOR, TEST_LIMIT_FLOOR_MS, testTimeLimits } from "./test-time-limits.js";

const observed = (id: string, outcome: TestObservation["outcome"], cpuMs: number, durationMs = 4 * cpuMs): TestObservation => ({
  id,
  outcome,
  cpuMs,
  durationMs,
  lines: [],
});

// A QuixBugs-shaped baseline: quick passing cases, one slow passing case, a failing case that
// failed fast, and cases that hung (their cpuMs is the limit they were judged by).
const BASELINE = [
  observed("t::quick", "passed", 2),
  observed("t::slow", "passed", 120),
  observed("t::wrong", "failed", 1),
  observed("t::hung_first", "timeout", 600),
  observed("t::hung_later", "timeout", 50),
];
const FAILING = ["t::wrong", "t::hung_first", "t::hung_later"];
const PASSING = ["t::quick", "t::slow"];
const PLENTY_LEFT = 60_000;

describe("testTimeLimits", () => {
  it("keeps a passing test to a few times its own baseline time, never under the floor", () => {
    const { perTest } = testTimeLimits(BASELINE, FAILING, PASSING, PLENTY_LEFT);
    expect(perTest["t::slow"]).toBe(TEST_LIMIT_FACTOR * 120);
    expect(perTest["t::quick"]).toBe(TEST_LIMIT_FLOOR_MS);
  });

  it("gives a failing test what the slowest passing test may take, not its own quick failure", () => {
    const { perTest } = testTimeLimits(BASELINE, FAILING, PASSING, PLENTY_LEFT);
    expect(perTest["t::wrong"]).toBe(TEST_LIMIT_FACTOR * 120);
  });

  it("gives a failing test that was slow on the original twice its own time when that is more", () => {
    const slowFailure = [...BASELINE, observed("t::exponential", "failed", 400)];
    const { perTest } = testTimeLimits(slowFailure, [...FAILING, "t::exponential"], PASSING, PLENTY_LEFT);
    expect(perTest["t::exponential"]).toBe(FAILING_OWN_FACTOR * 400);
  });

  it("gives a test that hung in the baseline the same short limit, however long the baseline let it run", () => {
    const { perTest } = testTimeLimits(BASELINE, FAILING, PASSING, PLENTY_LEFT);
    expect(perTest["t::hung_first"]).toBe(TEST_LIMIT_FACTOR * 120);
    expect(perTest["t::hung_later"]).toBe(TEST_LIMIT_FACTOR * 120);
  });

  it("gives every test the floor when every test hung", () => {
    const hung = [observed("t::a", "timeout", 600), observed("t::b", "timeout", 50)];
    const { perTest, totalMs } = testTimeLimits(hung, ["t::a", "t::b"], [], PLENTY_LEFT);
    expect(perTest).toEqual({ "t::a": TEST_LIMIT_FLOOR_MS, "t::b": TEST_LIMIT_FLOOR_MS });
    expect(totalMs).toBe(2 * TEST_LIMIT_FLOOR_MS);
  });

  it("shrinks the limits with the budget left, down to the floor", () => {
    const early = testTimeLimits(BASELINE, FAILING, PASSING, PLENTY_LEFT).perTest;
    const late = testTimeLimits(BASELINE, FAILING, PASSING, 800).perTest;
    expect(late["t::slow"]).toBe(200);
    expect(late["t::slow"]).toBeLessThan(early["t::slow"]);
    expect(testTimeLimits(BASELINE, FAILING, PASSING, 10).perTest["t::slow"]).toBe(TEST_LIMIT_FLOOR_MS);
  });

  it("never lets a test take more than the ceiling, however slow the original", () => {
    const slow = [observed("t::heavy", "passed", 30_000)];
    expect(testTimeLimits(slow, [], ["t::heavy"], 10 * 60_000).perTest["t::heavy"]).toBe(TEST_LIMIT_CEILING_MS);
  });

  it("falls back to the wall-clock duration where the runner measured no CPU time (Node)", () => {
    const wall: TestObservation = { id: "t::node", outcome: "passed", durationMs: 40, lines: [] };
    expect(testTimeLimits([wall], [], ["t::node"], PLENTY_LEFT).perTest["t::node"]).toBe(TEST_LIMIT_FACTOR * 40);
  });

  it("sums every test at its limit as the whole run's backstop", () => {
    const { perTest, totalMs } = testTimeLimits(BASELINE, FAILING, PASSING, PLENTY_LEFT);
    expect(totalMs).toBe(Object.values(perTest).reduce((sum, ms) => sum + ms, 0));
    expect(Object.keys(perTest).sort()).toEqual([...FAILING, ...PASSING].sort());
  });

  it("gives the results of one test split into its asserts one limit to share, the test's as a whole", () => {
    // HumanEval's check(candidate) run once: six asserts (three failed) and the test's own ending.
    const results = [1, 2, 3, 4, 5, 6].map((n) => observed(`t::check::assert@line ${n}`, n % 2 ? "passed" : "failed", 0.2));
    const baseline = [...results, observed("t::check", "passed", 4), observed("t::other", "passed", 30)];
    const failing = results.filter((result) => result.outcome === "failed").map((result) => result.id);
    const passing = [...results.filter((result) => result.outcome === "passed").map((result) => result.id), "t::check", "t::other"];
    const { perTest } = testTimeLimits(baseline, failing, passing, PLENTY_LEFT);
    const shares = [...failing, ...passing.slice(0, 4)].map((id) => perTest[id]);
    // As one failing test: what the slowest passing test (t::other) may take, not a floor per assert.
    expect(shares.reduce((sum, ms) => sum + ms, 0)).toBe(TEST_LIMIT_FACTOR * 30);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(6);
    expect(perTest["t::other"]).toBe(TEST_LIMIT_FACTOR * 30);
  });
});

