import { describe, expect, it } from "vitest";
import { linesLost } from "./lines-lost.js";
import type { Mutation } from "./source-edit.js";

const CODE = `def digit_sum(n):
    if n < 10:
        return n
    return n % 10 + digit_sum(n // 10)
`;

function insertBefore(text: string, inserted: string): Mutation {
  const at = CODE.indexOf(text);
  return { operator: "insert_guard", line: CODE.slice(0, at).split("\n").length, edit: { start: at, end: at, text: inserted }, cost: 1 };
}

describe("linesLost", () => {
  it("follows lines an inserted guard moved down and counts those no longer covered", () => {
    const guard = insertBefore("if n < 10", "if n < 100:\n        return 0\n    ");
    // Before: lines 2-4 covered. After the guard (2 lines), old line 3 is line 5 and old line 4 is line 6.
    expect(linesLost(CODE, [guard], new Set([1, 2, 3, 4]), new Set([1, 2, 3, 4, 5, 6]))).toBe(0);
    expect(linesLost(CODE, [guard], new Set([1, 2, 3, 4]), new Set([1, 2, 3]))).toBe(2);
  });

  it("does not count the lines the edit itself touches", () => {
    const at = CODE.indexOf("n < 10");
    const edit: Mutation = { operator: "comparison", line: 2, edit: { start: at + 2, end: at + 3, text: "<=" }, cost: 1 };
    expect(linesLost(CODE, [edit], new Set([2, 3, 4]), new Set([3, 4]))).toBe(0);
    expect(linesLost(CODE, [edit], new Set([2, 3, 4]), new Set([2]))).toBe(2);
  });
});
