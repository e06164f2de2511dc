import { describe, expect, it } from "vitest";
import { generateMutations } from "./mutation-operators.js";
import { JAVASCRIPT_TABLE, PYTHON_TABLE } from "./operator-tables.js";
import { applyEdits } from "./source-edit.js";
import { parseSource, type Grammar } from "./syntax-tree.js";

async function constantMutants(grammar: Grammar, code: string): Promise<string[]> {
  const tree = await parseSource(grammar, code);
  const mutations = generateMutations(tree, code, grammar === "python" ? PYTHON_TABLE : JAVASCRIPT_TABLE);
  tree.delete();
  return mutations.filter((mutation) => mutation.operator === "constant").map((mutation) => applyEdits(code, [mutation.edit]));
}

describe("string literal mutations", () => {
  it("turns a space separator into an empty one and back, keeping the quotes", async () => {
    const code = `def slug(words):\n    """Words joined for a URL."""\n    return ' '.join(w.lower() for w in words)\n`;
    const mutants = await constantMutants("python", code);
    expect(mutants).toContain(code.replace("' '.join", "''.join"));
    const empty = code.replace("' '.join", '"".join');
    expect(await constantMutants("python", empty)).toContain(code.replace("' '.join", '" ".join'));
  });

  it("tries the file's other short literals in a literal's place, never in a docstring or an f-string", async () => {
    const code = `def row(cells, width):\n    """One row."""\n    head = "|"\n    body = ",".join(cells)\n    return f"{head}{body}" + "-" * width\n`;
    const mutants = await constantMutants("python", code);
    expect(mutants).toContain(code.replace('",".join', '"|".join'));
    expect(mutants).toContain(code.replace('",".join', '"-".join'));
    expect(mutants.some((mutant) => !mutant.includes('"""One row."""'))).toBe(false);
    expect(mutants.some((mutant) => !mutant.includes('f"{head}{body}"'))).toBe(false);
  });

  it("works on JavaScript strings, not on template literals", async () => {
    const code = "function csv(cells, pad) {\n  const edge = `${pad}|`;\n  return cells.join(' ') + edge + ';';\n}\n";
    const mutants = await constantMutants("javascript", code);
    expect(mutants).toContain(code.replace("join(' ')", "join('')"));
    expect(mutants).toContain(code.replace("join(' ')", "join(';')"));
    expect(mutants.some((mutant) => !mutant.includes("`${pad}|`"))).toBe(false);
  });
});
