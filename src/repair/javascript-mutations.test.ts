import { describe, expect, it } from "vitest";
import { generateMutations } from "./mutation-operators.js";
import { JAVASCRIPT_TABLE, PYTHON_TABLE } from "./operator-tables.js";
import { applyEdits } from "./source-edit.js";
import { parseSource, type Grammar } from "./syntax-tree.js";

async function mutations(code: string, grammar: Grammar = "javascript"): Promise<{ operator: string; code: string }[]> {
  const tree = await parseSource(grammar, code);
  try {
    return generateMutations(tree, code, grammar === "python" ? PYTHON_TABLE : JAVASCRIPT_TABLE).map((mutation) => ({
      operator: mutation.operator,
      code: applyEdits(code, [mutation.edit]),
    }));
  } finally {
    tree.delete();
  }
}

async function mutants(code: string, grammar: Grammar = "javascript"): Promise<string[]> {
  return (await mutations(code, grammar)).map((mutation) => mutation.code);
}

describe("JavaScript operators: a method call's receiver and argument swapped", () => {
  it("swaps a searched value and the value searched in", async () => {
    const code = "export function mentioning(notes, term) {\n  return notes.filter((note) => term.includes(note));\n}\n";
    expect(await mutants(code)).toContain(code.replace("term.includes(note)", "note.includes(term)"));
  });

  it("leaves namespaces and calls with other than one argument alone", async () => {
    const code = "export function clamp(x, lo, hi) {\n  const top = Math.min(x, hi);\n  console.log(top);\n  return Math.max(lo);\n}\n";
    const all = await mutants(code);
    expect(all.some((mutant) => mutant.includes("top.log(console)") || mutant.includes("lo.max(Math)"))).toBe(false);
  });
});

describe("JavaScript operators: a variable where a property read of the function was meant", () => {
  const code = [
    "export function average(scores) {",
    "  if (scores.length === 0) return 0;",
    "  const first = scores[0];",
    "  let total = 0;",
    "  for (const score of scores) total += score;",
    "  return total / first;",
    "}",
    "",
  ].join("\n");

  it("replaces an operand by a property read the function already makes", async () => {
    expect(await mutants(code)).toContain(code.replace("total / first", "total / scores.length"));
  });

  it("never offers a read of the variable itself nor a method or a namespace constant", async () => {
    const other = "export function scale(points, unit) {\n  const radius = Math.PI * unit.size;\n  points.push(radius);\n  return radius * unit;\n}\n";
    const all = await mutants(other);
    expect(all).toContain(other.replace("return radius * unit;", "return unit.size * unit;"));
    expect(all).not.toContain(other.replace("return radius * unit;", "return radius * unit.size;"));
    expect(all.some((mutant) => mutant.includes("* points.push") || mutant.includes("return Math.PI"))).toBe(false);
  });
});

describe("JavaScript operators: a running extreme that folds the wrong values", () => {
  it("adds the kept value to Math.max / Math.min, or folds it with another variable", async () => {
    const code = [
      "export function widest(rows) {",
      "  let width = 0;",
      "  for (const row of rows) {",
      "    const size = row.length;",
      "    width = Math.max(size);",
      "  }",
      "  return width;",
      "}",
      "",
    ].join("\n");
    const all = await mutants(code);
    expect(all).toContain(code.replace("Math.max(size)", "Math.max(width, size)"));
    expect(all).toContain(code.replace("Math.max(size)", "Math.max(width, row)"));
  });

  it("leaves a call that already folds the kept value", async () => {
    const code = "export function low(prices) {\n  let best = Infinity;\n  for (const p of prices) best = Math.min(best, p);\n  return best;\n}\n";
    const all = await mutations(code);
    const wraps = all.filter(({ operator }) => operator === "wrap").map(({ code: mutant }) => mutant);
    expect(wraps.some((mutant) => mutant.includes("Math.min(best, best, p)") || mutant.includes("Math.min(best, prices)"))).toBe(false);
  });
});

describe("JavaScript operators: the fencepost push taken back", () => {
  it("pops the last push after a loop that adds a separator after every item", async () => {
    const code = [
      "export function csvLine(cells) {",
      "  const parts = [];",
      "  for (const cell of cells) {",
      "    parts.push(String(cell));",
      '    parts.push(",");',
      "  }",
      '  return parts.join("");',
      "}",
      "",
    ].join("\n");
    expect(await mutants(code)).toContain(code.replace('  return parts.join("");', '  parts.pop();\n  return parts.join("");'));
  });

  it("writes it after the loop when the loop ends the block, and shifts after unshift", async () => {
    const code = "export function fill(queue, n) {\n  const out = [];\n  for (let i = 0; i < n; i++) {\n    out.unshift(queue[i]);\n  }\n}\n";
    expect(await mutants(code)).toContain(code.replace("    out.unshift(queue[i]);\n  }\n", "    out.unshift(queue[i]);\n  }\n  out.shift();\n"));
  });

  it("takes nothing back from an array the loop does not own (a parameter)", async () => {
    const code = "export function copyInto(target, items) {\n  for (const item of items) target.push(item);\n  return target;\n}\n";
    expect((await mutants(code)).some((mutant) => mutant.includes("target.pop()"))).toBe(false);
  });
});

describe("JavaScript operators: a parameter used without normalization", () => {
  it("lower-cases a parameter passed on as an argument, not a local", async () => {
    const code = "export function hasWord(text, word) {\n  const words = text.split(' ');\n  return words.includes(word);\n}\n";
    const all = await mutants(code);
    expect(all).toContain(code.replace("includes(word)", "includes(word.toLowerCase())"));
    expect(all.some((mutant) => mutant.includes("words.toLowerCase()"))).toBe(false);
  });
});

describe("JavaScript operators: a pipeline joined without sorting", () => {
  it("sorts before join: by default, numerically and by a lookup table of the function", async () => {
    const code = [
      "export function bySeverity(tags) {",
      "  const rank = { low: 1, mid: 2, high: 3 };",
      '  return tags.filter((tag) => tag in rank).join(",");',
      "}",
      "",
    ].join("\n");
    const all = await mutants(code);
    expect(all).toContain(code.replace('.join(",")', '.sort().join(",")'));
    expect(all).toContain(code.replace('.join(",")', '.sort((a, b) => a - b).join(",")'));
    expect(all).toContain(code.replace('.join(",")', '.sort((a, b) => rank[a] - rank[b]).join(",")'));
  });

  it("does not sort what is not an array pipeline (a plain variable joined)", async () => {
    const code = "export function line(parts) {\n  return parts.join(' ');\n}\n";
    expect((await mutants(code)).some((mutant) => mutant.includes(".sort("))).toBe(false);
  });
});

describe("JavaScript operators: a new array or string thrown away", () => {
  it("keeps the result of a filter, map or trim pipeline a statement threw away in the variable it started from", async () => {
    const code = [
      "function activeNames(users, prefix) {",
      "  users.filter((user) => user.active).map((user) => user.name);",
      "  prefix.trim();",
      "  return users.map((user) => prefix + user);",
      "}",
      "",
    ].join("\n");
    const all = await mutations(code);
    const kept = all.filter((mutation) => mutation.code.includes("users = users.filter") || mutation.code.includes("prefix = prefix.trim()"));
    expect(kept.map((mutation) => mutation.code)).toEqual([
      code.replace("  users.filter", "  users = users.filter"),
      code.replace("  prefix.trim()", "  prefix = prefix.trim()"),
    ]);
  });

  it("leaves calls that change their receiver or whose result is used, and constants, alone", async () => {
    const code = [
      "function sorted(items) {",
      "  const seen = [];",
      "  items.sort((a, b) => a - b);",
      "  seen.concat(items);",
      "  const copy = items.slice();",
      "  return copy;",
      "}",
      "",
    ].join("\n");
    expect((await mutants(code)).some((mutant) => /\b(items|seen) = (items|seen)\./.test(mutant))).toBe(false);
  });
});

describe("JavaScript operators: an index of .at() off by one", () => {
  it("moves a negative or computed index of .at() by one either way, and leaves a literal index to the literal operator", async () => {
    const code = [
      "function mirrored(word) {",
      "  for (let i = 0; i < word.length; i++) {",
      "    if (word[i] !== word.at(-i)) return false;",
      "  }",
      "  return word.at(-1) !== undefined && word.at(word.length - 1) === word.at(-1);",
      "}",
      "",
    ].join("\n");
    const all = (await mutations(code)).filter((mutation) => mutation.operator === "bound").map((mutation) => mutation.code);
    expect(all).toContain(code.replace("word.at(-i)", "word.at(-i - 1)"));
    expect(all).toContain(code.replace("word.at(-i)", "word.at(-i + 1)"));
    expect(all.some((mutant) => mutant.includes("word.at(-1 - 1)") || mutant.includes("word.at(-1 + 1)"))).toBe(false);
  });
});

describe("JavaScript operators stay out of Python", () => {
  it("proposes none of them for a Python program", async () => {
    const code = "def mentioning(notes, term):\n    best = 0\n    for note in notes:\n        best = max(len(note))\n    return term.find(notes)\n";
    const all = await mutants(code, "python");
    expect(all.some((mutant) => mutant.includes("notes.find(term)") || mutant.includes(".toLowerCase()"))).toBe(false);
  });
});

describe("JavaScript operators: an accumulator's start value", () => {
  async function costs(code: string): Promise<Map<string, number>> {
    const tree = await parseSource("javascript", code);
    try {
      const result = new Map<string, number>();
      for (const mutation of generateMutations(tree, code, JAVASCRIPT_TABLE)) result.set(applyEdits(code, [mutation.edit]), mutation.cost);
      return result;
    } finally {
      tree.delete();
    }
  }

  it("tries a product's start of 0 -> 1 before the comparisons around it", async () => {
    const code = "export function scaled(factors, limit) {\n  let product = 0;\n  for (const f of factors) product *= f;\n  return product > limit;\n}\n";
    const all = await costs(code);
    const toOne = all.get(code.replace("product = 0", "product = 1"));
    const comparison = all.get(code.replace("product > limit", "product >= limit"));
    expect(toOne).toBeDefined();
    expect(toOne!).toBeLessThan(comparison!);
  });

  it("tries a sum's start of 0 -> 1 after a comparison swap, and leaves other literals as they were", async () => {
    const code = "export function freeShipping(items) {\n  let total = 0;\n  for (const item of items) total += item.price;\n  return total > 100;\n}\n";
    const all = await costs(code);
    expect(all.get(code.replace("total = 0", "total = 1"))!).toBeGreaterThan(all.get(code.replace("total > 100", "total >= 100"))!);
    const plain = "export function f(xs) {\n  let count = 0;\n  count = xs.length;\n  return count;\n}\n";
    expect((await costs(plain)).get(plain.replace("count = 0", "count = 1"))).toBe(1.4);
  });
});

describe("JavaScript operators: an absolute difference", () => {
  it("wraps a difference of two values in Math.abs, not an offset or an index", async () => {
    const code = "export function near(a, b, tolerance, xs, i) {\n  const gap = a - b;\n  return gap <= tolerance && xs[i - 1] > 0 && i - 1 > 0;\n}\n";
    const all = await mutants(code);
    expect(all).toContain(code.replace("const gap = a - b;", "const gap = Math.abs(a - b);"));
    expect(all.some((mutant) => mutant.includes("Math.abs(i - 1)"))).toBe(false);
  });
});
