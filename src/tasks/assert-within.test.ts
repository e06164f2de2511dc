import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertWithin } from "./assert-within.js";
import { loadTask } from "./load-task.js";

let root: string;
let project: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "mend-within-"));
  project = join(root, "project");
  mkdirSync(join(project, "src"), { recursive: true });
  writeFileSync(join(project, "src", "median.py"), "def median(values):\n    return sorted(values)[len(values) // 2]\n");
  writeFileSync(join(project, "test_median.py"), "from median import median\n\ndef test_odd():\n    assert median([3, 1, 2]) == 2\n");
  writeFileSync(join(root, "test_private.py"), "def test_private():\n    assert True\n");
  writeFileSync(join(root, "notes.txt"), "private\n");
  symlinkSync(join(root, "test_private.py"), join(project, "test_link.py"));
  symlinkSync(root, join(project, "up"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("assertWithin", () => {
  it.each([
    ["a file inside", "src/median.py"],
    ["the folder itself", "."],
    ["a missing file inside (its reader says it is missing)", "src/nope.py"],
  ])("accepts %s", async (_case, path) => {
    await expect(assertWithin(project, join(project, path), path)).resolves.toBeUndefined();
  });

  it.each([
    ["a path up and out", "../notes.txt"],
    ["a sibling folder whose name starts the same", "../project-other/x.py"],
    ["a link to a file outside", "test_link.py"],
    ["a path through a linked folder", "up/notes.txt"],
    ["a missing file outside", "../nope.py"],
  ])("refuses %s", async (_case, path) => {
    await expect(assertWithin(project, join(project, path), path)).rejects.toThrow(`${path} is outside the working folder ${project}`);
  });
});

describe("loadTask({ within })", () => {
  it("refuses a task file whose own fields reach outside the folder", async () => {
    writeFileSync(join(project, "task.md"), "---\nlanguage: python\ndraft: src/median.py\ntests: ../test_private.py\n---\nFix median.\n");
    await expect(loadTask({ path: "task.md", cwd: project, within: project })).rejects.toThrow(/\.\.\/test_private\.py is outside the working folder/);
    // Without `within` (the CLI), the same task loads: the user named the files themselves.
    await expect(loadTask({ path: "task.md", cwd: project })).resolves.toMatchObject({ task: { tests: [{ path: "test_private.py" }] } });
  });

  it("refuses a task folder whose task.md links to a file outside, before reading it", async () => {
    mkdirSync(join(project, "linked-task"));
    writeFileSync(join(root, "task.md"), "---\nlanguage: [python\n---\nprivate words\n");
    symlinkSync(join(root, "task.md"), join(project, "linked-task", "task.md"));
    const loading = loadTask({ path: "linked-task", cwd: project, within: project });
    await expect(loading).rejects.toThrow(/^linked-task\/task\.md is outside the working folder/);
  });

  it("loads a task whose files are all inside", async () => {
    const loaded = await loadTask({ draft: "src/median.py", tests: ["test_median.py"], cwd: project, within: project });
    expect(loaded.task).toMatchObject({ language: "python", entry: "median.py", tests: [{ path: "test_median.py" }] });
  });
});
