import { describe, expect, it } from "vitest";
import { failureShape, shapeSimilarity } from "./failure-shape.js";

// Summaries as the diagnosis writes them for pytest and node:test failures.
const countdownShort = "1 of 2 tests failed; test_three: expected [3, 2, 1], got [3, 2] (assert countdown(3) == [3, 2, 1])";
const chunksShort = "2 of 3 tests failed; test_even: expected [[1, 2], [3, 4]], got [[1], [3]] (assert chunks([1, 2, 3, 4], 2) == [[1, 2], [3, 4]])";
const squaresShort = "1 of 3 tests failed; case 0: squares(3): expected [ 0, 1, 4 ], got [ 0, 1 ] (test(\"case 0: squares(3)\", () => assert.deepEqual(squares(3), [0, 1, 4]));)";
const countOneMore = "2 of 4 tests failed; test_mixed: expected 2, got 3 (assert count_positive([3, -1, 0, 7]) == 2)";
const sumOneLess = "3 of 3 tests failed; test_small: expected 6, got 5 with input a=1, b=3 (assert range_sum(1, 3) == 6)";
const hasPrefix = "2 of 2 tests failed; test_v0: expected True, got False (assert has_prefix('Hello', 'he') == True)";
const contains = "1 of 3 tests failed; first element: expected true, got false (test(\"first element\", () => assert.equal(contains([7, 8], 7), true));)";
const average = "1 of 3 tests failed; case 1: average([]): expected 0, got NaN (test(\"case 1: average([])\", () => assert.deepEqual(average([]), 0));)";

describe("failureShape", () => {
  it("says how a wrong number, list or boolean differs from the right one", () => {
    expect(failureShape(countOneMore)).toEqual(["expected number", "got number", "too large", "off by one"]);
    expect(failureShape(countdownShort)).toEqual(["expected sequence", "got sequence", "shorter", "one element off", "got a prefix"]);
    expect(failureShape(hasPrefix)).toEqual(["expected boolean", "got boolean", "flipped"]);
    expect(failureShape(average)).toEqual(["expected number", "got not a number"]);
  });

  it("reads values that hold commas and quotes, and leaves a truncated list's length alone", () => {
    // Two chunks both ways: the commas inside them are not the list's.
    expect(failureShape(chunksShort)).toEqual(["expected sequence", "got sequence", "same length"]);
    expect(failureShape("1 of 1 tests failed; test_words: expected ['a, b', 'c'], got ['a, b'] (assert split_words('a, b c') == ['a, b', 'c'])")).toContain("got a prefix");
    expect(failureShape("1 of 6 tests failed; test_q: expected [1, 1, 2, 3, 3, 3, ...], got [1, 2, 3, 4, 5, 6, ...] (assert quicksort(arr) == expected)")).toEqual([
      "expected sequence",
      "got sequence",
    ]);
  });

  it("is empty for a failure that shows no values", () => {
    expect(failureShape("3 of 3 tests failed; test_v0: RecursionError: maximum recursion depth exceeded at digit_sum.py:3")).toEqual([]);
    expect(failureShape("1 of 5 tests failed; missing: timed out")).toEqual([]);
  });
});

describe("shapeSimilarity", () => {
  it("finds a list one short alike across programs and languages, and unlike a count one too many", () => {
    const alike = shapeSimilarity(countdownShort, squaresShort) ?? 0;
    expect(alike).toBe(1);
    expect(shapeSimilarity(countdownShort, countOneMore) ?? 1).toBeLessThan(alike);
    expect(shapeSimilarity(hasPrefix, contains)).toBe(1);
    expect(shapeSimilarity(countOneMore, sumOneLess) ?? 0).toBeGreaterThan(shapeSimilarity(countOneMore, average) ?? 1);
  });

  it("is undefined when either failure shows no values", () => {
    expect(shapeSimilarity(countOneMore, "1 of 5 tests failed; missing: timed out")).toBeUndefined();
  });
});
