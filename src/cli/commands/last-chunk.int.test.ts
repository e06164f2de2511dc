import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMend } from "./__fixtures__/spawn-mend.js";
import { writeProject } from "./__fixtures__/write-project.js";

const SLOW = { timeout: 240_000 };
// Well above what the fix takes when the failures' shape moves it forward, far below where the
// search reaches a statement inserted on a line every test runs without that (about 300 here).
const FEW_CANDIDATES = { MEND_OFFLINE_MAX_CANDIDATES: "60" };
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A small ESM package as people lay one out: `src/` re-exported by its index, node:test files in `test/`. */
function textkit(): string {
  const root = mkdtempSync(join(tmpdir(), "mend-last-chunk-"));
  roots.push(root);
  return writeProject(root, {
    "package.json": '{\n  "name": "textkit",\n  "type": "module",\n  "scripts": { "test": "node --test" },\n  "exports": "./src/index.js"\n}\n',
    "src/index.js": 'export { wrap } from "./wrap.js";\nexport { titleCase } from "./title.js";\n',
    "src/title.js": "export function titleCase(text) {\n  return text.split(\" \").map((word) => word[0].toUpperCase() + word.slice(1)).join(\" \");\n}\n",
    "src/wrap.js": `/**
 * Wraps text to lines of at most \`width\` characters, breaking at spaces.
 */
export function wrap(text, width) {
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
`,
    "test/wrap.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { wrap } from "../src/index.js";

test("wraps at the width", () => {
  assert.deepEqual(wrap("the quick brown fox jumps", 10), ["the quick", "brown fox", "jumps"]);
});

test("a single short line", () => {
  assert.deepEqual(wrap("hello", 10), ["hello"]);
});

test("empty text", () => {
  assert.deepEqual(wrap("", 10), []);
});
`,
  });
}

describe("a loop that never hands over its last chunk", () => {
  it("names the tests that reach the module through the package's index file, when none are given", SLOW, async () => {
    const root = textkit();
    const run = await runMend(["repair", "src/wrap.js", "--json"], { cwd: root });
    expect(run.stderr).toMatch(/the project has tests that import src\/wrap\.js: .*test\/wrap\.test\.js/);
  });

  it("is fixed in JavaScript by flushing the buffer after the loop, guarded for empty input", SLOW, async () => {
    const root = textkit();
    const run = await runMend(["repair", "src/wrap.js", "--tests", "test/wrap.test.js", "--write", "--json"], { cwd: root, env: FEW_CANDIDATES });
    const result = JSON.parse(run.stdout) as { verified: boolean };
    expect(result.verified).toBe(true);
    expect(readFileSync(join(root, "src/wrap.js"), "utf8")).toContain("  }\n  if (line) lines.push(line);\n  return lines;\n");
  });

  it("is fixed in Python the same way, in a package with its tests beside it", SLOW, async () => {
    const root = mkdtempSync(join(tmpdir(), "mend-last-chunk-"));
    roots.push(root);
    writeProject(root, {
      "pyproject.toml": '[project]\nname = "runs"\nversion = "0.1.0"\n',
      "runs/__init__.py": "from .group import group_runs\n",
      "runs/group.py": `def group_runs(values):
    """Splits values into runs of equal neighbours: [1, 1, 2] -> [[1, 1], [2]]."""
    groups = []
    current = []
    for value in values:
        if current and value != current[-1]:
            groups.append(current)
            current = []
        current.append(value)
    return groups
`,
      "tests/test_group.py": `from runs import group_runs


def test_runs():
    assert group_runs([1, 1, 2, 3, 3]) == [[1, 1], [2], [3, 3]]


def test_one_value():
    assert group_runs([7]) == [[7]]


def test_empty():
    assert group_runs([]) == []
`,
    });
    const run = await runMend(["repair", "runs/group.py", "--tests", "tests/test_group.py", "--write", "--json"], { cwd: root, env: FEW_CANDIDATES });
    const result = JSON.parse(run.stdout) as { verified: boolean };
    expect(result.verified).toBe(true);
    expect(readFileSync(join(root, "runs/group.py"), "utf8")).toContain("        current.append(value)\n    if current:\n        groups.append(current)\n    return groups\n");
  });
});
