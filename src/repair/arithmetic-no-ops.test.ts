import { describe, expect, it } from "vitest";
import { countArithmeticNoOps } from "./arithmetic-no-ops.js";
import { parseSource, type Grammar } from "./syntax-tree.js";

async function count(grammar: Grammar, code: string): Promise<number> {
  const tree = await parseSource(grammar, code);
  try {
    return countArithmeticNoOps(tree);
  } finally {
    tree.delete();
  }
}

describe("countArithmeticNoOps", () => {
  it("counts adding or subtracting zero and multiplying or dividing by one, in Python", async () => {
    expect(await count("python", "y = x - 0\n")).toBe(1);
    expect(await count("python", "y = 0 + x\n")).toBe(1);
    expect(await count("python", "y = a[i + 0] * 1\n")).toBe(2);
    expect(await count("python", "y = x / 1\n")).toBe(1);
    expect(await count("python", "x += 0\nx *= 1\n")).toBe(2);
  });

  it("counts the same shapes in JavaScript", async () => {
    expect(await count("javascript", "const end = i + size - 0;\n")).toBe(1);
    expect(await count("javascript", "x -= 0;\ny = 1 * x;\n")).toBe(2);
  });

  it("does not count operations that change the value", async () => {
    expect(await count("python", "y = x - 1\nz = 0 - x\nw = x * 0\nv = 1 / x\nx += 1\nb = x <= 0\n")).toBe(0);
    expect(await count("javascript", "const end = i + size - 1;\nconst same = x === 0;\n")).toBe(0);
  });
});
