import { describe, expect, it } from "vitest";
import { generateMutations } from "./mutation-operators.js";
import { JAVASCRIPT_TABLE, PYTHON_TABLE } from "./operator-tables.js";
import { applyEdits } from "./source-edit.js";
import { parseSource, type Grammar } from "./syntax-tree.js";

async function mutants(grammar: Grammar, code: string): Promise<string[]> {
  const tree = await parseSource(grammar, code);
  const mutations = generateMutations(tree, code, grammar === "python" ? PYTHON_TABLE : JAVASCRIPT_TABLE);
  tree.delete();
  return mutations.map((mutation) => applyEdits(code, [mutation.edit]));
}

describe("missing code: a final boolean that should have checked a variable", () => {
  const python = `def balanced(text):
    open_count = 0
    for ch in text:
        if ch == "[":
            open_count += 1
        elif ch == "]":
            open_count -= 1
            if open_count < 0:
                return False
    return True
`;

  it("compares each local with the numbers the function uses (Python)", async () => {
    const all = await mutants("python", python);
    expect(all).toContain(python.replace("    return True\n", "    return open_count == 0\n"));
    expect(all).toContain(python.replace("    return True\n", "    return open_count != 0\n"));
    // Only the function's last statement: the early `return False` is left alone by this operator.
    expect(all).not.toContain(python.replace("return False", "return open_count != 0"));
  });

  it("uses strict comparisons in JavaScript", async () => {
    const code = "export function closes(tags) {\n  let level = 0;\n  for (const tag of tags) level += tag.open ? 1 : -1;\n  return true;\n}\n";
    expect(await mutants("javascript", code)).toContain(code.replace("return true;", "return level === 0;"));
  });
});

describe("missing code: a recursive call whose argument should have moved", () => {
  it("shifts an argument of the recursive call by another variable, both ways", async () => {
    const code = `def select(values, rank):
    pivot = values[0]
    smaller = [v for v in values if v < pivot]
    larger = [v for v in values if v > pivot]
    cut = len(values) - len(larger)
    if rank < len(smaller):
        return select(smaller, rank)
    if rank >= cut:
        return select(larger, rank)
    return pivot
`;
    const all = await mutants("python", code);
    expect(all).toContain(code.replace("return select(larger, rank)", "return select(larger, rank - cut)"));
    expect(all).toContain(code.replace("return select(larger, rank)", "return select(larger, rank + cut)"));
    // A call of another function is not a recursion: `len(values)` gets no such term.
    expect(all.some((mutant) => mutant.includes("len(values - "))).toBe(false);
  });
});

describe("missing code: a returned list missing the part the function holds", () => {
  it("adds a variable before or after a returned comprehension (Python) or array (JavaScript)", async () => {
    const python = `def prefixes(word):
    if not word:
        return [""]
    shorter = prefixes(word[:-1])
    return [word]
`;
    const all = await mutants("python", python);
    expect(all).toContain(python.replace("    return [word]\n", "    return shorter + [word]\n"));
    expect(all).toContain(python.replace("    return [word]\n", "    return [word] + shorter\n"));
    const js = "export function chain(items) {\n  if (items.length === 0) return [];\n  const tail = chain(items.slice(1));\n  return [items[0]];\n}\n";
    expect(await mutants("javascript", js)).toContain(js.replace("return [items[0]];", "return [items[0]].concat(tail);"));
  });
});

describe("missing code: a loop that reads a variable it never updates", () => {
  it("saves a stepped variable before the statement that moves it (Python)", async () => {
    const code = `def reverse_chain(head):
    previous = None
    current = head
    while current:
        following = current.next
        current.next = previous
        current = following
    return previous
`;
    expect(await mutants("python", code)).toContain(
      code.replace("        current = following\n", "        previous = current\n        current = following\n"),
    );
  });

  it("updates the carried value at the end of a for loop (JavaScript)", async () => {
    const code = `export function gaps(values) {
  let last = values[0];
  const out = [];
  for (const value of values.slice(1)) {
    out.push(value - last);
  }
  return out;
}
`;
    expect(await mutants("javascript", code)).toContain(code.replace("    out.push(value - last);\n", "    out.push(value - last);\n    last = value;\n"));
  });
});

describe("missing code: a collection is not overwritten with a scalar", () => {
  it("offers the visited set's missing add, and no assignment of a loop value to the set (JavaScript)", async () => {
    const code = `export function dedupeBy(items, key) {
  const seen = new Set();
  const out = [];
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) continue;
    out.push(item);
  }
  return out;
}
`;
    const all = await mutants("javascript", code);
    expect(all).toContain(code.replace("    out.push(item);\n", "    seen.add(k);\n    out.push(item);\n"));
    expect(all.filter((mutant) => /^\s*seen = (k|item);$/m.test(mutant))).toEqual([]);
  });

  it("carries a list into the next round from a loop's row, never from a number (Python)", async () => {
    const code = `def first_repeat(words):
    seen = set()
    for word in words:
        if word in seen:
            return word
    return None


def column_sums(rows):
    previous = []
    total = 0
    for row in rows:
        total += len(previous)
    return total
`;
    const all = await mutants("python", code);
    expect(all).toContain(code.replace("            return word\n", "            return word\n        seen.add(word)\n"));
    expect(all.filter((mutant) => /^\s*seen = word$/m.test(mutant) || /^\s*previous = total$/m.test(mutant))).toEqual([]);
    expect(all.some((mutant) => /^\s*previous = row$/m.test(mutant))).toBe(true);
  });
});

describe("missing code: a membership test on a collection nothing adds to", () => {
  it("adds the item where the test has found it new (Python, a nested search helper)", async () => {
    const code = `def reachable(start, goal):
    seen = set()

    def visit(node):
        if node in seen:
            return False
        if node is goal:
            return True
        return any(visit(child) for child in node.children)

    return visit(start)
`;
    expect(await mutants("python", code)).toContain(code.replace("            return False\n", "            return False\n        seen.add(node)\n"));
  });

  it("adds to a Set tested with has() at the start of the else branch (JavaScript)", async () => {
    const code = `export function firstRepeat(words) {
  const seen = new Set();
  for (const word of words) {
    if (seen.has(word)) {
      return word;
    } else {
      console.log(word);
    }
  }
  return null;
}
`;
    expect(await mutants("javascript", code)).toContain(code.replace("      console.log(word);", "      seen.add(word);\n      console.log(word);"));
  });

  it("leaves a collection alone when the program already adds to it", async () => {
    const code = "def unique(xs):\n    seen = set()\n    out = []\n    for x in xs:\n        if x in seen:\n            continue\n        seen.add(x)\n        out.append(x)\n    return out\n";
    const all = await mutants("python", code);
    expect(all.filter((mutant) => (mutant.match(/seen\.add\(x\)/g) ?? []).length > 1)).toEqual([]);
  });
});

describe("bounds of a tuple subscript", () => {
  it("moves each part of a tuple key by one", async () => {
    const code = "def cell(grid, i, j):\n    return grid[i, j - 1] + 1\n";
    const all = await mutants("python", code);
    expect(all).toContain(code.replace("grid[i, j - 1]", "grid[i + 1, j - 1]"));
    expect(all).toContain(code.replace("grid[i, j - 1]", "grid[i, j]"));
  });
});
