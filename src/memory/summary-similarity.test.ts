import { describe, expect, it } from "vitest";
import { summarySimilarity } from "./summary-similarity.js";

// Summaries as the diagnosis writes them for pytest failures in different programs.
const indexError = "2 of 3 tests failed; test_blank: IndexError: list index out of range at first_or_none.py:4";
const indexErrorElsewhere = "2 of 2 tests failed; test_v0: IndexError: list index out of range at quicksort.py:2";
const zeroDivision = "1 of 3 tests failed; test_v1: ZeroDivisionError: division by zero at mean.py:3";
const wrongCount = "2 of 4 tests failed; test_mixed: expected 2, got 3 (assert count_positive([3, -1, 0, 7]) == 2)";

describe("summarySimilarity", () => {
  it("is 1 for the same summary and symmetric, and 0 for nothing shared", () => {
    expect(summarySimilarity(indexError, indexError)).toBe(1);
    expect(summarySimilarity(indexError, zeroDivision)).toBe(summarySimilarity(zeroDivision, indexError));
    expect(summarySimilarity("alpha beta", "gamma delta")).toBe(0);
  });

  it("ranks the same failure in another program above another failure of the same frame", () => {
    const same = summarySimilarity(indexError, indexErrorElsewhere);
    expect(same).toBeGreaterThan(summarySimilarity(indexError, zeroDivision));
    expect(same).toBeGreaterThan(summarySimilarity(indexError, wrongCount));
  });

  it("takes every number as one token: the test counts and line numbers do not tell failures apart", () => {
    expect(summarySimilarity("1 of 3 tests failed; timed out at merge.py:5", "2 of 2 tests failed; timed out at merge.py:17")).toBe(1);
  });

  it("compares long summaries by their start, so their length does not change what a recall costs", () => {
    const list = (name: string) => Array.from({ length: 2000 }, (_, index) => `${name}${index}`).join(", ");
    const head = `1 of 1 tests failed; test_big: expected [${list("a")}], got [`;
    expect(summarySimilarity(`${head}${list("x")}]`, `${head}${list("y")}]`)).toBe(1);
    expect(summarySimilarity(`${head}${list("x")}]`, `1 of 1 tests failed; test_big: IndexError: list index out of range`)).toBeLessThan(0.1);
  });
});
