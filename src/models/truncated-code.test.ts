import { describe, expect, it } from "vitest";
import { isTruncatedCode } from "./truncated-code.js";

describe("isTruncatedCode", () => {
  it("accepts complete programs", () => {
    expect(isTruncatedCode("def f():\n    ...\n", "python")).toBe(false);
    expect(isTruncatedCode("x = [1, 2,\n     3]\n# done:", "python")).toBe(false);
    expect(isTruncatedCode("let i = 0\ni++", "javascript")).toBe(false);
    expect(isTruncatedCode("const re = /a\\/b/", "javascript")).toBe(false);
    expect(isTruncatedCode("type Pair = Array<number>", "typescript")).toBe(false);
    expect(isTruncatedCode("export const x = 1; /* end */", "javascript")).toBe(false);
    expect(isTruncatedCode("const t = `a ${`b ${1}`} c`;", "javascript")).toBe(false);
    expect(isTruncatedCode("", "python")).toBe(false);
  });

  it("flags a last line waiting for its operand", () => {
    expect(isTruncatedCode("def f(xs):\n    total = ", "python")).toBe(true);
    expect(isTruncatedCode("def f(a, b):\n    return a and", "python")).toBe(true);
    expect(isTruncatedCode("const total = a +", "javascript")).toBe(true);
    expect(isTruncatedCode("const values = [a,\n  b,", "typescript")).toBe(true);
    expect(isTruncatedCode("const flag = a &&", "typescript")).toBe(true);
  });

  it("flags open brackets, strings, comments and templates", () => {
    expect(isTruncatedCode("print(sorted([3, 1, 2]", "python")).toBe(true);
    expect(isTruncatedCode('s = """never closed\nmore', "python")).toBe(true);
    expect(isTruncatedCode("const s = 'never closed", "javascript")).toBe(true);
    expect(isTruncatedCode("/* a comment that never ends", "javascript")).toBe(true);
    expect(isTruncatedCode("const t = `a ${b", "javascript")).toBe(true);
  });
});
