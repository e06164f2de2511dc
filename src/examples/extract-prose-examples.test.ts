import { describe, expect, it } from "vitest";
import { extractProseExamples } from "./extract-prose-examples.js";

const pick = (text: string) => extractProseExamples(text).map(({ line, code, expected }) => ({ line, code, expected }));

describe("extractProseExamples", () => {
  it("reads the examples people write inside sentences", () => {
    const requirement = [
      "Write a function `median(values)` that returns the median of a list of numbers.",
      "For example, median([3, 1, 2]) returns 2 and median([4, 1, 3, 2]) should return 2.5.",
      "An empty list is an error: `median([])` raises `ValueError`.",
      "Strings work too: `median(['b', 'a', 'c'])` should be `'b'`.",
    ].join("\n");
    expect(pick(requirement)).toEqual([
      { line: 2, code: "median([3, 1, 2])", expected: { kind: "value", text: "2" } },
      { line: 2, code: "median([4, 1, 3, 2])", expected: { kind: "value", text: "2.5" } },
      { line: 3, code: "median([])", expected: { kind: "raises", error: "ValueError" } },
      { line: 4, code: "median(['b', 'a', 'c'])", expected: { kind: "value", text: "'b'" } },
    ]);
  });

  it("takes arrows, keyword arguments, lists and JavaScript literals", () => {
    const requirement = [
      "- chunk([1, 2, 3, 4, 5], size=2) -> [[1, 2], [3, 4], [5]]",
      "- `slugify(\"Hello, World!\")` → `\"hello-world\"`",
      "- isEven(7) is false, and parseRange('1-3') gives [1, 2, 3].",
      "- toObject([[\"a\", 1]]) returns {a: 1}",
      "- divide(1, 0) throws a RangeError",
    ].join("\n");
    expect(pick(requirement)).toEqual([
      { line: 1, code: "chunk([1, 2, 3, 4, 5], size=2)", expected: { kind: "value", text: "[[1, 2], [3, 4], [5]]" } },
      { line: 2, code: 'slugify("Hello, World!")', expected: { kind: "value", text: '"hello-world"' } },
      { line: 3, code: "isEven(7)", expected: { kind: "value", text: "false" } },
      { line: 3, code: "parseRange('1-3')", expected: { kind: "value", text: "[1, 2, 3]" } },
      { line: 4, code: 'toObject([["a", 1]])', expected: { kind: "value", text: "{a: 1}" } },
      { line: 5, code: "divide(1, 0)", expected: { kind: "raises", error: "RangeError" } },
    ]);
  });

  it("takes `==` written inside a sentence", () => {
    const requirement = "Lowercase and dash-join the words. Example: slugify('A B') == 'a-b', and `slugify('x')==='x'`.";
    expect(pick(requirement)).toEqual([
      { line: 1, code: "slugify('A B')", expected: { kind: "value", text: "'a-b'" } },
      { line: 1, code: "slugify('x')", expected: { kind: "value", text: "'x'" } },
    ]);
    expect(pick("count(3) != 0 and count(0) <= 1 here.")).toEqual([]);
  });

  it("leaves out what only looks like an example", () => {
    const requirement = [
      "The function returns (as the spec says) the middle value.",
      "If len(values) is 0 the result is None.",
      "sorted([3, 1, 2]) returns [1, 2, 3], so sort first.",
      "fib(n) returns 1 if n < 2.",
      "fib(3) returns 2 if the sequence starts at 1.",
      "fib(10) is 55th in some list.",
      "math.floor(2.5) is 2.",
      ">>> fib(5) is 5",
      "```python",
      "assert fib(6) is 8",
      "```",
      "fib(7) returns the seventh number.",
    ].join("\n");
    expect(pick(requirement)).toEqual([]);
  });

  it("lets a value end the sentence or go on with a clause that does not condition it", () => {
    expect(pick("clamp(5, 0, 3) returns 3 because 5 is above the range; clamp(-1, 0, 3) returns 0.")).toEqual([
      { line: 1, code: "clamp(5, 0, 3)", expected: { kind: "value", text: "3" } },
      { line: 1, code: "clamp(-1, 0, 3)", expected: { kind: "value", text: "0" } },
    ]);
  });
});
