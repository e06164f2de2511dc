import { describe, expect, it } from "vitest";
import { generateMutations } from "./mutation-operators.js";
import { JAVASCRIPT_TABLE, PYTHON_TABLE } from "./operator-tables.js";
import { applyEdits } from "./source-edit.js";
import { parseSource, type Grammar } from "./syntax-tree.js";

/** The programs the `=` -> `+=`/`-=` rewrites make, with their costs. */
async function accumulations(grammar: Grammar, code: string): Promise<{ code: string; cost: number }[]> {
  const tree = await parseSource(grammar, code);
  const mutations = generateMutations(tree, code, grammar === "python" ? PYTHON_TABLE : JAVASCRIPT_TABLE);
  tree.delete();
  return mutations
    .filter((mutation) => mutation.operator === "assignment_operator" && /^[+-]=$/.test(mutation.edit.text) && code.slice(mutation.edit.start, mutation.edit.end) === "=")
    .map((mutation) => ({ code: applyEdits(code, [mutation.edit]), cost: mutation.cost }));
}

const CART = `class Cart:
    def __init__(self):
        self.lines = []
        self.count = 0

    def add(self, sku, qty):
        for line in self.lines:
            if line.sku == sku:
                line.qty = qty
                return
        self.lines.append(Line(sku, qty))
        self.count = self.count + 1
`;

describe("accumulateMutations", () => {
  it("offers += (before -=) on an attribute that is overwritten, as when the same item is added twice", async () => {
    const found = await accumulations("python", CART);
    const fix = CART.replace("line.qty = qty", "line.qty += qty");
    expect(found.map((mutant) => mutant.code)).toContain(fix);
    expect(found.map((mutant) => mutant.code)).toContain(CART.replace("line.qty = qty", "line.qty -= qty"));
    const cost = (code: string) => found.find((mutant) => mutant.code === code)?.cost ?? Infinity;
    expect(cost(fix)).toBeLessThan(cost(CART.replace("line.qty = qty", "line.qty -= qty")));
    // A constructor gives attributes their first values.
    expect(found.map((mutant) => mutant.code)).not.toContain(CART.replace("self.count = 0", "self.count += 0"));
    expect(found.map((mutant) => mutant.code)).toContain(CART.replace("self.count = self.count + 1", "self.count += self.count + 1"));
  });

  it("offers += on a variable the function bound before (an accumulator), not on a variable's first binding", async () => {
    const code = `def longest(words, minimum: int = 0):\n    best = ""\n    size: int = 0\n    for word in words:\n        if len(word) > len(best):\n            best = word\n        size = len(word)\n        minimum = size\n    return best\n`;
    const found = (await accumulations("python", code)).map((mutant) => mutant.code);
    expect(found).toContain(code.replace("best = word", "best += word"));
    expect(found).toContain(code.replace("minimum = size", "minimum += size"));
    // First bindings (`best = ""`) and an annotated declaration are not updates.
    expect(found).not.toContain(code.replace('best = ""', 'best += ""'));
    expect(found).not.toContain(code.replace("size: int = 0", "size: int += 0"));
    // `size` is bound by the annotated line before it.
    expect(found).toContain(code.replace("size = len(word)", "size += len(word)"));
  });

  it("works on JavaScript members and accumulators, not on declarations or loop headers", async () => {
    const code = `function tally(orders) {\n  const totals = {};\n  let sum = 0;\n  for (let i = 0; i < orders.length; i++) {\n    totals[orders[i].who] = orders[i].amount;\n    sum = orders[i].amount;\n  }\n  return { totals, sum };\n}\n`;
    const found = (await accumulations("javascript", code)).map((mutant) => mutant.code);
    expect(found).toContain(code.replace("totals[orders[i].who] = orders", "totals[orders[i].who] += orders"));
    expect(found).toContain(code.replace("sum = orders", "sum += orders"));
    expect(found).not.toContain(code.replace("let sum = 0", "let sum += 0"));
    expect(found).not.toContain(code.replace("let i = 0", "let i += 0"));
  });
});
