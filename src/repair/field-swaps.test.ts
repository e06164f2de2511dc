import { describe, expect, it } from "vitest";
import { generateMutations } from "./mutation-operators.js";
import { JAVASCRIPT_TABLE, PYTHON_TABLE } from "./operator-tables.js";
import { applyEdits, type Mutation } from "./source-edit.js";
import { parseSource, type Grammar } from "./syntax-tree.js";

async function fieldMutants(grammar: Grammar, code: string): Promise<{ mutation: Mutation; code: string }[]> {
  const tree = await parseSource(grammar, code);
  const mutations = generateMutations(tree, code, grammar === "python" ? PYTHON_TABLE : JAVASCRIPT_TABLE);
  tree.delete();
  return mutations.filter((mutation) => mutation.operator === "replace_name").map((mutation) => ({ mutation, code: applyEdits(code, [mutation.edit]) }));
}

describe("field swaps", () => {
  it("replaces a field read by another field the file reads, those named alike first", async () => {
    const code = `def ready(tasks):
    done = [t for t in tasks if not t.depends_on]
    for task in done:
        for nxt in task.blocks:
            if all(d in done for d in nxt.blocks) and nxt.owner:
                done.append(nxt)
    return done
`;
    const mutants = await fieldMutants("python", code);
    const swapped = code.replace("for d in nxt.blocks", "for d in nxt.depends_on");
    expect(mutants.map((m) => m.code)).toContain(swapped);
    expect(mutants.map((m) => m.code)).toContain(code.replace("nxt.owner", "nxt.blocks"));
    // Methods are not fields: `append` is never put in a field's place nor replaced.
    expect(mutants.some((m) => m.mutation.edit.text === "append" || m.code.includes("done.blocks("))).toBe(false);
    const alike = `def degree(node):\n    return len(node.in_edges) - len(node.out_edges) + node.weight\n`;
    const costs = new Map((await fieldMutants("python", alike)).map((m) => [m.code, m.mutation.cost]));
    const sameWord = costs.get(alike.replace("node.in_edges", "node.out_edges")) ?? Infinity;
    const otherWord = costs.get(alike.replace("node.in_edges", "node.weight")) ?? -Infinity;
    expect(sameWord).toBeLessThan(otherWord);
  });

  it("leaves a module's constants alone and works on JavaScript members", async () => {
    const code = "import math\n\ndef area(shape):\n    return math.pi * shape.radius * shape.width\n";
    const mutants = (await fieldMutants("python", code)).map((m) => m.code);
    expect(mutants).toContain(code.replace("shape.radius", "shape.width"));
    expect(mutants.some((mutant) => mutant.includes("math.radius") || mutant.includes("shape.pi"))).toBe(false);
    const js = "function span(box) {\n  return box.right - box.left + Math.PI;\n}\n";
    expect((await fieldMutants("javascript", js)).map((m) => m.code)).toContain(js.replace("box.right - box.left", "box.left - box.left"));
  });
});
