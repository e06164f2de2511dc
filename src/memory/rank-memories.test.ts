import { describe, expect, it } from "vitest";
import { offByOne } from "./__fixtures__/memory-store-conformance.js";
import type { MemoryEntry } from "./memory-entry.js";
import { rankMemories } from "./rank-memories.js";

const stored = (id: string, signature: string, summary: string): MemoryEntry => ({
  ...offByOne,
  id,
  signature,
  summary,
  verified: true,
  timesUsed: 0,
  timesHelped: 0,
  createdAt: "2026-12-01T12:00:00.000Z",
  lastUsed: "2026-12-01T12:00:00.000Z",
});

// A countdown one short, failing as node:test reports it: the message is the same for any deep-equal failure.
const MESSAGE = "assertion|Expected values to be strictly deep-equal:";
const failure = {
  signature: `${MESSAGE}|countdown.test.js:5`,
  errorType: "assertion",
  summary: '1 of 2 tests failed; three: expected [ 3, 2, 1 ], got [ 3, 2 ] (test("three", () => assert.deepEqual(countdown(3), [3, 2, 1]));)',
};

describe("rankMemories among failures of one message", () => {
  it("puts the failure whose wrong value relates to the right one alike before one whose text is closer", () => {
    // Another program's list one short, and a program of nearly the same text whose list came out in the wrong order.
    const oneShort = stored("aaaaaaaaaaaa", `${MESSAGE}|evens.test.js:7`, '1 of 3 tests failed; evens: expected [ 0, 2, 4 ], got [ 0, 2 ] (test("evens", () => assert.deepEqual(evens(5), [0, 2, 4]));)');
    const reordered = stored("bbbbbbbbbbbb", `${MESSAGE}|countup.test.js:5`, '1 of 2 tests failed; three: expected [ 3, 2, 1 ], got [ 1, 2, 3 ] (test("three", () => assert.deepEqual(countup(3), [3, 2, 1]));)');
    const ranked = rankMemories(failure, [reordered, oneShort], 10);
    // The same failure found by other tests: one tier, told apart by how alike the diagnoses are.
    expect(ranked.map((memory) => memory.tier)).toEqual([2, 2]);
    expect(ranked.map((memory) => memory.entry.id)).toEqual(["aaaaaaaaaaaa", "bbbbbbbbbbbb"]);
  });
});

describe("rankMemories among failures of other messages", () => {
  // Python's runtime errors share one error type; the summaries below are alike in text.
  const changedSize = {
    signature: "runtime|Set changed size during iteration|spanning.py:10",
    errorType: "runtime",
    summary: "3 of 3 tests failed; test_four_nodes: RuntimeError: Set changed size during iteration at spanning.py:10",
  };
  it("recalls a failure of another message only where it is the same exception", () => {
    const runtime = (id: string, signature: string, summary: string) => ({ ...stored(id, signature, summary), errorType: "runtime" });
    const division = runtime("aaaaaaaaaaaa", "runtime|division by zero|mean.py:3", "1 of 3 tests failed; test_v1: ZeroDivisionError: division by zero at mean.py:3");
    const iteration = runtime("bbbbbbbbbbbb", "runtime|dictionary changed size during iteration|index.py:7", "1 of 3 tests failed; test_v1: RuntimeError: dictionary changed size during iteration at index.py:7");
    expect(rankMemories(changedSize, [division, iteration], 10).map((memory) => memory.entry.id)).toEqual(["bbbbbbbbbbbb"]);
  });
});
