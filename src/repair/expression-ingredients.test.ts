import { describe, expect, it } from "vitest";
import { generateMutations } from "./mutation-operators.js";
import { JAVASCRIPT_TABLE, PYTHON_TABLE } from "./operator-tables.js";
import { applyEdits } from "./source-edit.js";
import { parseSource, type Grammar } from "./syntax-tree.js";

async function renamed(grammar: Grammar, code: string): Promise<string[]> {
  const tree = await parseSource(grammar, code);
  const mutations = generateMutations(tree, code, grammar === "python" ? PYTHON_TABLE : JAVASCRIPT_TABLE);
  tree.delete();
  return mutations.filter((mutation) => mutation.operator === "replace_name").map((mutation) => applyEdits(code, [mutation.edit]));
}

describe("expression ingredients", () => {
  it("replaces an operand of arithmetic by a call the function already makes", async () => {
    const code = "def spread(values):\n    low = min(values)\n    width = max(values) - low\n    return width / low\n";
    const mutants = await renamed("python", code);
    expect(mutants).toContain(code.replace("width / low", "width / min(values)"));
    expect(mutants).toContain(code.replace("width / low", "width / max(values)"));
  });

  it("never uses the function's own recursive call, a call reading the replaced name, or a compared operand", async () => {
    const code = "def depth(node, limit):\n    below = depth(node, limit)\n    size = len(node)\n    if size > limit:\n        return below\n    return below + abs(size)\n";
    const mutants = await renamed("python", code);
    expect(mutants.some((mutant) => mutant.includes("depth(node, limit) + "))).toBe(false);
    expect(mutants).not.toContain(code.replace("below + abs(size)", "below + abs(len(node))"));
    expect(mutants).toContain(code.replace("below + abs(size)", "len(node) + abs(size)"));
    // `size > limit` is a comparison, not arithmetic.
    expect(mutants).not.toContain(code.replace("size > limit", "len(node) > limit"));
  });

  it("never uses a call made for its effect alone (a statement of its own)", async () => {
    const code = "def collect(seen, item, scale):\n    seen.append(item)\n    size = len(seen)\n    return size * scale\n";
    const mutants = await renamed("python", code);
    expect(mutants).toContain(code.replace("size * scale", "size * len(seen)"));
    expect(mutants.some((mutant) => mutant.includes("seen.append(item) *") || mutant.includes("* seen.append(item)"))).toBe(false);
  });

  it("works on JavaScript functions", async () => {
    const code = "function average(xs) {\n  const n = xs.length;\n  const total = sum(xs);\n  return total / n;\n}\n";
    expect(await renamed("javascript", code)).toContain(code.replace("total / n", "sum(xs) / n"));
  });

  it("replaces a call operand of arithmetic by a variable in hand (the reverse of an ingredient)", async () => {
    const code = "def relax(heap, node, edge):\n    dist = pop(heap)\n    best = lookup(heap, node) + edge\n    return best, dist\n";
    expect(await renamed("python", code)).toContain(code.replace("lookup(heap, node) + edge", "dist + edge"));
  });
});
