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

  it("counts a constant term taken back at once, in either order and either language", async () => {
    expect(await count("python", "def frac(x):\n    return x % 1.0 + 1.0 - 1\n")).toBe(1);
    expect(await count("javascript", "const last = items[n - 1 + 1];\n")).toBe(1);
    // Different constants, or a term that is not a literal, change the value.
    expect(await count("python", "y = x + 2 - 1\nz = x + k - k\nw = x - 1 - 1\n")).toBe(0);
  });

  it("does not count operations that change the value", async () => {
    expect(await count("python", "y = x - 1\nz = 0 - x\nw = x * 0\nv = 1 / x\nx += 1\nb = x <= 0\n")).toBe(0);
    expect(await count("javascript", "const end = i + size - 1;\nconst same = x === 0;\n")).toBe(0);
    expect(await count("javascript", "const a = t % 60 % 24;\nconst b = (t % m) % n;\n")).toBe(0);
  });

  it("counts identities in disguise and bare expression statements", async () => {
    expect(await count("python", "y = n * neg ** -1\nok = not not x\n")).toBe(2);
    expect(await count("javascript", "const y = n * neg ** -1;\nconst ok = !!x;\nconst z = - -x;\n")).toBe(3);
    expect(await count("javascript", "const frac = t % 1 % 1;\nconst hour = (h % 24) % 24;\n")).toBe(2);
    expect(await count("python", "frac = t % 1.0 % 1.0\n")).toBe(1);
    expect(await count("python", "left = n - sum(taken) // 1\nn //= 1\nhalf = n // 2\n")).toBe(2);
    expect(await count("python", "def f(s):\n    ','\n    j\n    return s\n")).toBe(1);
    // The issue's own example: a string left where \`s_list.append(' ')\` was meant (not a docstring).
    expect(await count("python", "def f(s):\n    s_list = []\n    ','\n    return s_list\n")).toBe(1);
    // Alone in a branch, a string is no docstring either (`if letter == ',': ','`).
    expect(await count("python", "def f(s):\n    out = []\n    for ch in s:\n        if ch == ',':\n            ' '\n        else:\n            out.append(ch)\n    return out\n")).toBe(1);
    expect(await count("javascript", "function f(j) {\n  j;\n  a + b;\n  return j;\n}\n")).toBe(2);
  });

  it("does not count statements that act, docstrings, or a real negation or power", async () => {
    expect(await count("python", 'def f(xs):\n    """Doc."""\n    xs.append(1)\n    x = 2\n    y = not x\n    z = x ** 2\n    return xs\n')).toBe(0);
    expect(await count("python", 'class Point:\n    """A point."""\n\n    def norm(self):\n        # why\n        """Length."""\n        return 1\n')).toBe(0);
    expect(await count("javascript", "'use strict';\nf(x);\nx++;\nawait g();\nconst y = !x;\nconst z = -x;\n")).toBe(0);
  });

  it("counts a loop or comprehension whose variable nothing reads, unless it is named `_`", async () => {
    expect(await count("python", "def f(items, goal):\n    return any(check(goal) for item in items)\n")).toBe(1);
    expect(await count("python", "def f(items, goal):\n    return any(check(item) for item in items)\n")).toBe(0);
    expect(await count("python", "def f(rows):\n    for row in rows:\n        print(1)\n")).toBe(1);
    expect(await count("python", "def f(rows):\n    for _ in rows:\n        print(1)\n    for i, row in enumerate(rows):\n        print(row)\n")).toBe(0);
    // A nested comprehension reads the outer variable in its iterable.
    expect(await count("python", "def f(grid):\n    return [cell for row in grid for cell in row]\n")).toBe(0);
    expect(await count("python", "def f(items):\n    return any(item for item in items) or [x for x in items]\n")).toBe(2);
    expect(await count("python", "def f(items):\n    return [x for x in items if x] + [x * 2 for x in items]\n")).toBe(0);
    expect(await count("javascript", "function f(xs, goal) {\n  for (const x of xs) check(goal);\n}\n")).toBe(1);
    expect(await count("javascript", "function f(xs) {\n  for (let i = 0; i < 3; i++) check(xs);\n  for (const x of xs) check(x);\n}\n")).toBe(0);
  });
});
