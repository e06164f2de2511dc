import { describe, expect, it } from "vitest";
import { generateMutations } from "./mutation-operators.js";
import { JAVASCRIPT_TABLE, PYTHON_TABLE } from "./operator-tables.js";
import { applyEdits } from "./source-edit.js";
import { parseSource, type Grammar } from "./syntax-tree.js";

/** The programs that inserting a statement makes. */
async function insertions(grammar: Grammar, code: string): Promise<string[]> {
  const tree = await parseSource(grammar, code);
  const mutations = generateMutations(tree, code, grammar === "python" ? PYTHON_TABLE : JAVASCRIPT_TABLE);
  tree.delete();
  return mutations.filter((mutation) => mutation.operator === "insert_statement").map((mutation) => applyEdits(code, [mutation.edit]));
}

const WRAP_JS = `export function wrap(text, width) {
  const words = text.split(/\\s+/).filter(Boolean);
  const lines = [];
  let line = "";
  for (const word of words) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? \`\${line} \${word}\` : word;
    }
  }
  return lines;
}
`;

const RUNS_PY = `def runs(values):
    groups = []
    current = []
    for value in values:
        if current and value != current[-1]:
            groups.append(current)
            current = []
        current.append(value)
    return groups
`;

describe("flushBufferAfterLoop", () => {
  it("flushes a JavaScript loop's last chunk before the return, guarded and plain", async () => {
    const found = await insertions("javascript", WRAP_JS);
    expect(found).toContain(WRAP_JS.replace("  }\n  return lines;", "  }\n  if (line) lines.push(line);\n  return lines;"));
    expect(found).toContain(WRAP_JS.replace("  }\n  return lines;", "  }\n  lines.push(line);\n  return lines;"));
  });

  it("flushes a Python loop's last group after the loop, guarded at the file's indentation", async () => {
    const found = await insertions("python", RUNS_PY);
    expect(found).toContain(RUNS_PY.replace("        current.append(value)\n", "        current.append(value)\n    if current:\n        groups.append(current)\n"));
  });

  it("leaves loops alone that flush already, or hand over the loop's own element", async () => {
    const flushed = RUNS_PY.replace("    return groups", "    if current:\n        groups.append(current)\n    return groups");
    expect((await insertions("python", flushed)).filter((code) => code.split("groups.append(current)").length > 3)).toEqual([]);
    const evens = `function evens(xs) {\n  const out = [];\n  for (const x of xs) {\n    if (x % 2 === 0) out.push(x);\n  }\n  return out;\n}\n`;
    expect((await insertions("javascript", evens)).filter((code) => code.includes("out.push(x);\n  return"))).toEqual([]);
  });
});
