import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { UsageError } from "../errors/usage-error.js";
import { loadSuite } from "./load-suite.js";

const SUITES = fileURLToPath(new URL("../../examples/suites/", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "mend-suite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ task_id: "T/0", prompt: "def f(x):\n", test: "def check(candidate):\n    assert candidate(1) == 1\n", entry_point: "f", ...fields });

async function usageError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(UsageError.isInstance(error), String(error)).toBe(true);
  return (error as Error).message;
}

describe("loadSuite: HumanEval-style JSONL", () => {
  it("loads the sample bug-fix suite as Python repair tasks with whole-program drafts", async () => {
    const suite = await loadSuite(join(SUITES, "humaneval-fix.jsonl"));
    expect(suite).toMatchObject({ name: "humaneval-fix", format: "jsonl" });
    expect(suite.tasks.map((task) => task.id)).toEqual(["MendFix/0", "MendFix/1", "MendFix/2", "MendFix/3", "MendFix/4"]);
    for (const { task } of suite.tasks) {
      expect(task).toMatchObject({ language: "python", entry: "solution.py" });
      expect(task.tests.map((file) => file.path)).toEqual(["test_solution.py"]);
      expect(task.draft).toMatch(/^def \w+\(/m);
    }
    // A body-only buggy solution (HumanEvalPack) follows its prompt; a whole one stays as it is.
    expect(suite.tasks[0].task.draft).toContain('"""Return True if every number');
    expect(suite.tasks[2].task.draft?.startsWith("def max_element(values: list):")).toBe(true);
    expect(suite.tasks[0].task.prompt).toContain("```python\ndef below_threshold(");
  });

  it("makes a generation task (no draft) of a line without buggy_solution", async () => {
    const path = join(dir, "gen.jsonl");
    writeFileSync(path, `${line({})}\n\n${line({ task_id: 7 })}\n`);
    const suite = await loadSuite(path);
    expect(suite.tasks.map((task) => task.id)).toEqual(["T/0", "7"]);
    expect(suite.tasks[0].task.draft).toBeUndefined();
    expect(suite.tasks[0].task.prompt).toMatch(/^Complete the Python function `f`/);
  });

  it.each([
    ["a line that is not JSON", `${line({})}\n{"task_id": `, /gen-bad\.jsonl:2 is not JSON/],
    ["a missing field", JSON.stringify({ task_id: "x", prompt: "", entry_point: "f" }), /gen-bad\.jsonl:1: test:/],
    ["an entry point that is not an identifier", line({ entry_point: "f(x)" }), /entry_point: a Python identifier/],
    ["a duplicate task id", `${line({})}\n${line({})}`, /gen-bad\.jsonl:2: duplicate task_id "T\/0"/],
    ["no tasks", "\n\n", /holds no tasks/],
  ])("refuses %s with one line naming it", async (_name, text, message) => {
    const path = join(dir, "gen-bad.jsonl");
    writeFileSync(path, text);
    expect(await usageError(loadSuite(path))).toMatch(message);
  });
});

describe("loadSuite: a folder of task and case folders", () => {
  it("loads the sample folder suite: two case folders and a task folder", async () => {
    const suite = await loadSuite(join(SUITES, "mixed"));
    expect(suite).toMatchObject({ name: "mixed", format: "folder" });
    expect(suite.tasks.map((task) => [task.id, task.task.language, task.task.entry, task.task.draft !== undefined])).toEqual([
      ["clamp", "python", "clamp.py", true],
      ["long-words", "javascript", "long-words.js", true],
      ["slugify", "python", "slugify.py", false],
    ]);
    expect(suite.tasks[2].maxAttempts).toBe(3);
  });

  it("treats a case folder given directly as a suite of one", async () => {
    const suite = await loadSuite(join(SUITES, "mixed", "clamp"));
    expect(suite.tasks.map((task) => task.id)).toEqual(["clamp"]);
  });

  it("refuses a missing path, an empty folder and an unknown file type", async () => {
    expect(await usageError(loadSuite(join(dir, "nope")))).toMatch(/suite not found/);
    expect(await usageError(loadSuite(mkdtempSync(join(dir, "empty-"))))).toMatch(/holds no task folders/);
    writeFileSync(join(dir, "suite.csv"), "a,b\n");
    expect(await usageError(loadSuite(join(dir, "suite.csv")))).toMatch(/unsupported suite/);
  });
});
