import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UsageError } from "../errors/usage-error.js";
import { loadTask } from "./load-task.js";

const TESTS_PY = "from median import median\n\n\ndef test_odd():\n    assert median([3, 1, 2]) == 2\n";
const DRAFT_PY = "def median(values):\n    return sorted(values)[len(values) // 2]\n";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-task-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, content: string): string {
  const full = join(dir, path);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, content);
  return full;
}

async function usageError(promise: Promise<unknown>): Promise<UsageError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(UsageError.isInstance(error)).toBe(true);
  return error as UsageError;
}

describe("loadTask", () => {
  it("reads a Markdown task: front matter fields, the body as the requirement, paths relative to the file", async () => {
    write("tasks/median/test_median.py", TESTS_PY);
    write("tasks/median/task.md", "---\nlanguage: python\ntests: test_median.py\nmaxAttempts: 3\nbudget:\n  tokens: 5000\n---\nWrite median(values).\n");
    const loaded = await loadTask({ path: "tasks/median/task.md", cwd: dir });
    expect(loaded.task).toEqual({
      prompt: "Write median(values).",
      language: "python",
      entry: "median.py",
      tests: [{ path: "test_median.py", content: TESTS_PY }],
    });
    expect(loaded).toMatchObject({ maxAttempts: 3, budget: { tokens: 5000 } });
  });

  it("reads YAML and JSON task files, and a folder holding task.yaml", async () => {
    write("t/test_median.py", TESTS_PY);
    write("t/task.yaml", "prompt: Write median.\ntests: [test_median.py]\n");
    write("t/other.json", JSON.stringify({ prompt: "Write median.", language: "python", tests: "test_median.py", entry: "stats.py" }));
    expect((await loadTask({ path: "t", cwd: dir })).task).toMatchObject({ language: "python", entry: "median.py" });
    expect((await loadTask({ path: "t/other.json", cwd: dir })).task).toMatchObject({ entry: "stats.py" });
  });

  it("reads a case folder: the program is the draft and names the entry", async () => {
    write("case/median.py", DRAFT_PY);
    write("case/test_median.py", TESTS_PY);
    write("case/case.json", JSON.stringify({ program: "median.py", tests: "test_median.py", lang: "python" }));
    const loaded = await loadTask({ path: "case", cwd: dir });
    expect(loaded.task).toMatchObject({ language: "python", entry: "median.py", draft: DRAFT_PY, prompt: "" });
    expect(loaded.draftPath).toBe(join(dir, "case/median.py"));
  });

  it("builds a task from flags alone, inferring the language and the entry from the file names", async () => {
    write("median.js", "export const median = () => 0;\n");
    write("tests/median.test.js", "import { median } from './median.js';\n");
    write("tests/helpers.js", "export const h = 1;\n");
    write("tests/notes.py", "x = 1\n");
    const loaded = await loadTask({ draft: "median.js", tests: ["tests"], cwd: dir });
    expect(loaded.task.language).toBe("javascript");
    expect(loaded.task.entry).toBe("median.js");
    expect(loaded.task.tests.map((file) => file.path)).toEqual(["helpers.js", "median.test.js"]);
  });

  it("lets flags override the task file", async () => {
    write("test_median.py", TESTS_PY);
    write("task.md", "---\nlanguage: python\ntests: test_median.py\n---\nWrite median.\n");
    const loaded = await loadTask({ path: "task.md", prompt: "Write a faster median.", entry: "fast.py", cwd: dir });
    expect(loaded.task).toMatchObject({ prompt: "Write a faster median.", entry: "fast.py" });
  });

  it("takes the program's name from the tests when nothing else names it", async () => {
    write("test_stats.py", TESTS_PY);
    const loaded = await loadTask({ prompt: "Write it.", tests: ["test_stats.py"], cwd: dir });
    expect(loaded.task.entry).toBe("stats.py");
    const bare = await loadTask({ prompt: "Write it.", language: "typescript", cwd: dir });
    expect(bare.task.entry).toBe("solution.ts");
  });

  it("takes the language from the requirement's words when no file tells it", async () => {
    const loaded = await loadTask({ prompt: "Write a Python function slugify(text) that lowercases it.", cwd: dir });
    expect(loaded.task).toMatchObject({ language: "python", entry: "solution.py" });
    // A file name says more than words: the test file's language wins.
    write("slug.test.js", "");
    expect((await loadTask({ prompt: "Like the Python one, write slugify.", tests: ["slug.test.js"], cwd: dir })).task.language).toBe("javascript");
  });

  it("takes the program's name, and its language, from the requirement when it names its file", async () => {
    const python = await loadTask({ prompt: "Write median.py that returns the median of a list of numbers.", cwd: dir });
    expect(python.task).toMatchObject({ language: "python", entry: "median.py" });
    expect(python.entryPath).toBe(join(dir, "median.py"));
    // A task file's requirement, the name in backticks, after a product name and a test file's name.
    write("task.md", "---\nlanguage: javascript\n---\nIn a Node.js project, write a function `median(values)` in `median.js`; median.test.js will test it.\n");
    expect((await loadTask({ path: "task.md", cwd: dir })).task.entry).toBe("median.js");
    // The name of the language asked for, not the first name met; none of it: solution.<ext>.
    const ported = await loadTask({ prompt: "Port stats.py to TypeScript as stats.ts.", language: "typescript", cwd: dir });
    expect(ported.task.entry).toBe("stats.ts");
    expect((await loadTask({ prompt: "Port stats.py to JavaScript.", language: "javascript", cwd: dir })).task.entry).toBe("solution.js");
    // A name inside a path or a longer name is not the program's.
    expect((await loadTask({ prompt: "Read config/settings.py and data.json.bak, write the loader.", language: "python", cwd: dir })).task.entry).toBe("solution.py");
  });

  it("lets the draft and the tests name the program before the requirement does", async () => {
    write("test_stats.py", TESTS_PY);
    const fromTests = await loadTask({ prompt: "Write median.py.", tests: ["test_stats.py"], cwd: dir });
    expect(fromTests.task.entry).toBe("stats.py");
    write("draft.js", "export const median = () => 0;\n");
    const fromDraft = await loadTask({ prompt: "Fix median.py.", draft: "draft.js", cwd: dir });
    expect(fromDraft.task).toMatchObject({ language: "javascript", entry: "draft.js" });
  });

  it("takes the working folder as the project root when no folder above the program holds a marker", async () => {
    write("scripts/median.py", DRAFT_PY);
    write("scripts/test_median.py", TESTS_PY);
    write("scripts/data.json", "[1, 2]\n");
    const loaded = await loadTask({ draft: "median.py", tests: ["test_median.py"], project: true, cwd: join(dir, "scripts") });
    expect(loaded.task.project?.root).toBe(realpathSync(join(dir, "scripts")));
    expect(loaded.task.project?.files.sort()).toEqual(["data.json", "median.py", "test_median.py"]);
    expect(loaded.task.entry).toBe("median.py");
    // The working folder bounds what is visible: a program beside it is outside the root.
    write("elsewhere/other.py", DRAFT_PY);
    const outside = await usageError(loadTask({ draft: "../elsewhere/other.py", project: true, cwd: join(dir, "scripts") }));
    expect(outside.message).toMatch(/outside the project root .*--root/);
  });

  describe("a task file's files: the program as several files and folders", () => {
    const CART = "from shop.tax import with_tax\n\n\ndef total(items):\n    return sum(with_tax(x) for x in items)\n";
    const TAX = "def with_tax(amount):\n    return amount * 1.2\n";

    /** A package with a tests folder, and the task file in a folder of its own beside them. */
    function shop(front: string): void {
      write("shop/pyproject.toml", '[project]\nname = "shop"\n');
      write("shop/shop/__init__.py", "");
      write("shop/shop/cart.py", CART);
      write("shop/shop/tax.py", TAX);
      write("shop/tests/test_cart.py", "from shop.cart import total\n\n\ndef test_total():\n    assert total([10]) == 12\n");
      write("shop/tasks/cart.md", `---\n${front}---\nTotals with tax.\n`);
    }

    it("takes a folder's modules as the program map, the first one as the entry, and its tests when the task names none", async () => {
      shop("files: [../shop, ../tests]\n");
      const loaded = await loadTask({ path: "shop/tasks/cart.md", cwd: dir });
      const root = realpathSync(join(dir, "shop"));
      expect(loaded.task.project?.root).toBe(root);
      expect(loaded.task).toMatchObject({ entry: "shop/cart.py", draft: CART, language: "python" });
      expect(loaded.task.editable).toEqual([
        { path: "shop/tax.py", content: TAX },
        { path: "shop/__init__.py", content: "" },
      ]);
      expect(loaded.task.tests.map((test) => test.path)).toEqual(["tests/test_cart.py"]);
      expect(loaded.entryPath).toBe(join(root, "shop", "cart.py"));
    });

    it("makes the file entry names the entry, by its path or by a name only it has", async () => {
      shop("files:\n  - ../shop/cart.py\n  - ../shop/tax.py\nentry: tax.py\ntests: ../tests\n");
      const loaded = await loadTask({ path: "shop/tasks/cart.md", cwd: dir });
      expect(loaded.task).toMatchObject({ entry: "shop/tax.py", draft: TAX, editable: [{ path: "shop/cart.py", content: CART }] });
      write("shop/tasks/by-path.md", "---\nfiles: ../shop\nentry: ../shop/tax.py\n---\nx\n");
      expect((await loadTask({ path: "shop/tasks/by-path.md", cwd: dir })).task.entry).toBe("shop/tax.py");
    });

    it("refuses a path that does not exist, an entry that is not one of the files, and files beside a draft", async () => {
      shop("files: [../shop, ../shop/gone.py]\n");
      write("shop/tasks/entry.md", "---\nfiles: ../shop\nentry: main.py\n---\nx\n");
      write("shop/tasks/both.md", "---\nfiles: ../shop\ndraft: ../shop/cart.py\n---\nx\n");
      expect((await usageError(loadTask({ path: "shop/tasks/cart.md", cwd: dir }))).message).toBe(
        "invalid task file shop/tasks/cart.md: files: ../shop/gone.py does not exist (paths are relative to the task file)",
      );
      expect((await usageError(loadTask({ path: "shop/tasks/entry.md", cwd: dir }))).message).toMatch(/entry: main\.py is not one of the task's files/);
      expect((await usageError(loadTask({ path: "shop/tasks/both.md", cwd: dir }))).message).toMatch(/draft or files, not both/);
    });
  });

  describe("bad input is a UsageError naming the problem", () => {
    it("a missing task file", async () => {
      expect((await usageError(loadTask({ path: "nope.md", cwd: dir }))).message).toMatch(/task not found: nope\.md$/);
    });

    it("a requirement given where the task file goes points at --prompt", async () => {
      const error = await usageError(loadTask({ path: "Write a Python function slugify(text)", cwd: dir }));
      expect(error.message).toBe('task not found: Write a Python function slugify(text); to give the requirement as text, use --prompt "..."');
    });

    it("a folder with no task in it", async () => {
      mkdirSync(join(dir, "empty"));
      expect((await usageError(loadTask({ path: "empty", cwd: dir }))).message).toMatch(/no task\.md/);
    });

    it("an unknown language", async () => {
      expect((await usageError(loadTask({ prompt: "x", language: "cobol", cwd: dir }))).message).toMatch(/unknown language "cobol"/);
    });

    it("a language that cannot be inferred", async () => {
      expect((await usageError(loadTask({ prompt: "x", cwd: dir }))).message).toMatch(/--lang/);
      expect((await usageError(loadTask({ prompt: "Port this Python code to TypeScript.", cwd: dir }))).message).toMatch(/--lang/);
    });

    it("a tests path that does not exist, named as given", async () => {
      const error = await usageError(loadTask({ prompt: "x", language: "python", tests: ["nope_test.py"], cwd: dir }));
      expect(error.message).toBe("tests path does not exist: nope_test.py");
    });

    it("front matter that is not YAML, or never closed", async () => {
      write("bad.md", "---\nlanguage: [python\n---\nbody\n");
      write("open.md", "---\nlanguage: python\nbody\n");
      expect((await usageError(loadTask({ path: "bad.md", cwd: dir }))).message).toMatch(/malformed task file .*bad\.md/);
      expect((await usageError(loadTask({ path: "open.md", cwd: dir }))).message).toMatch(/never closed/);
    });

    it("YAML or JSON that does not parse, as one sentence naming the line in the file and the cause", async () => {
      // A quoted requirement left open, the way it happens when a prompt holds a quote of its own.
      write("median.md", '---\nlanguage: python\nprompt: "Write median(values)\ntests: test_median.py\n---\n');
      write("nested.yaml", "prompt: write x\nlanguage: python\ntests: a: b\n");
      write("task.json", '{\n  "prompt": "write x",\n  "language": "python",\n}\n');
      const messages = await Promise.all(
        ["median.md", "nested.yaml", "task.json"].map(async (path) => (await usageError(loadTask({ path, cwd: dir }))).message),
      );
      for (const message of messages) {
        expect(message).not.toMatch(/:\s*$/);
        expect(message).toMatch(/\.$/);
        expect(message.split(" at line ")).toHaveLength(2);
      }
      // Line numbers count from the top of the file, the front matter's `---` included.
      expect(messages[0]).toMatch(/^malformed task file .*median\.md: the YAML front matter does not parse at line [3-6], column \d+: .*quote.*\.$/i);
      expect(messages[1]).toMatch(/^malformed task file .*nested\.yaml: the YAML does not parse at line 3, column \d+: .+\.$/);
      expect(messages[2]).toMatch(/^malformed task file .*task\.json: the JSON does not parse at line 4, column 1: .+\.$/);
    });

    it("unknown or mistyped fields", async () => {
      write("typo.yaml", "prompt: x\nlanguge: python\n");
      write("wrong.yaml", "prompt: x\nlanguage: python\nmaxAttempts: many\n");
      expect((await usageError(loadTask({ path: "typo.yaml", cwd: dir }))).message).toMatch(/languge/);
      expect((await usageError(loadTask({ path: "wrong.yaml", cwd: dir }))).message).toMatch(/maxAttempts/);
    });

    it("a missing draft, and a task with neither requirement nor draft", async () => {
      expect((await usageError(loadTask({ draft: "gone.py", cwd: dir }))).message).toMatch(/draft file not found/);
      expect((await usageError(loadTask({ language: "python", cwd: dir }))).message).toMatch(/nothing to do/);
    });

    it("a malformed case.json", async () => {
      write("c/case.json", "{ program: median.py }");
      expect((await usageError(loadTask({ path: "c", cwd: dir }))).message).toMatch(/malformed case file/);
    });
  });
});
