import { describe, expect, it } from "vitest";
import { favourTailShape, tailShapeOf } from "./failure-tail.js";
import type { Mutation } from "./source-edit.js";

const failure = (expected: string, actual: string) => ({ name: "t", message: "", expected, actual });

describe("tailShapeOf", () => {
  it("reads a list or string cut short at its end, as node:test and pytest print them", () => {
    expect(tailShapeOf([failure("[ 'the quick', 'brown fox', 'jumps' ]", "[ 'the quick', 'brown fox' ]"), failure("[ 'hello' ]", "[]")])).toBe("missing_tail");
    expect(tailShapeOf([failure("[[1, 1], [2]]", "[[1, 1]]")])).toBe("missing_tail");
    expect(tailShapeOf([failure("'a-b-c'", "'a-b'")])).toBe("missing_tail");
  });

  it("reads a result that runs over its end", () => {
    expect(tailShapeOf([failure("'a, b'", "'a, b, '")])).toBe("extra_tail");
    expect(tailShapeOf([failure("[1, 2]", "[1, 2, 0]")])).toBe("extra_tail");
  });

  it("says nothing for other differences, truncated reprs, or failures that disagree", () => {
    expect(tailShapeOf([failure("[1, 2, 3]", "[1, 3]")])).toBeUndefined();
    expect(tailShapeOf([failure("[1, 2]", "[2, 1]")])).toBeUndefined();
    expect(tailShapeOf([failure("3", "2")])).toBeUndefined();
    expect(tailShapeOf([failure("[1, 2, 3, ...]", "[1, 2]")])).toBeUndefined();
    expect(tailShapeOf([failure("[1, 2]", "[1]"), failure("[1]", "[1, 2]")])).toBeUndefined();
    expect(tailShapeOf([{ name: "t", message: "boom" }])).toBeUndefined();
  });
});

describe("favourTailShape", () => {
  it("moves forward only the edits that fix the shape shown", () => {
    const edit = { start: 0, end: 0, text: "x" };
    const mutations: Mutation[] = [
      { operator: "insert_statement", line: 3, edit, cost: 5.3, shows: "missing_tail" },
      { operator: "insert_statement", line: 3, edit, cost: 5.3, shows: "extra_tail" },
      { operator: "comparison", line: 3, edit, cost: 1 },
    ];
    expect(favourTailShape(mutations, "missing_tail").map((mutation) => mutation.cost)).toEqual([2.3, 5.3, 1]);
    expect(favourTailShape(mutations, undefined)).toBe(mutations);
  });
});
