import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { humanEvalPytest } from "./humaneval-tests.js";
import { loadSuite } from "./load-suite.js";

const run = promisify(execFile);
/** Ten pytest processes on a loaded two-core machine. */
const SLOW = { timeout: 300_000 };
const SUITE = fileURLToPath(new URL("../../examples/suites/humaneval-fix.jsonl", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "mend-humaneval-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs pytest on a program and its generated tests; returns passed and failed counts. */
async function pytest(name: string, program: string, tests: string): Promise<{ passed: number; failed: number }> {
  const work = mkdtempSync(join(dir, `${name.replace(/\W/g, "_")}-`));
  writeFileSync(join(work, "solution.py"), program);
  writeFileSync(join(work, "test_solution.py"), tests);
  const result = await run("python3", ["-m", "pytest", "-q", "-p", "no:cacheprovider", "test_solution.py"], { cwd: work }).catch(
    (error: { stdout: string }) => ({ stdout: error.stdout }),
  );
  const count = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(result.stdout)?.[1] ?? 0);
  return { passed: count("passed"), failed: count("failed") };
}

describe("HumanEval tests as pytest modules, run by real pytest", () => {
  it("pass every case of the canonical solutions and fail some of the buggy ones, one test per assertion", SLOW, async () => {
    const suite = await loadSuite(SUITE);
    const lines = readFileSync(SUITE, "utf8").trim().split("\n").map((text) => JSON.parse(text));
    // Every (task, solution) pair at once: each is a separate pytest process in its own folder.
    await Promise.all(
      suite.tasks.map(async (item, index) => {
        const record = lines[index] as { prompt: string; canonical_solution: string; test: string };
        const asserts = record.test.match(/^\s+assert /gm)?.length ?? 0;
        const tests = item.task.tests[0].content;
        const [canonical, buggy] = await Promise.all([
          pytest(`${item.id}-canonical`, record.prompt + record.canonical_solution, tests),
          pytest(`${item.id}-buggy`, item.task.draft ?? "", tests),
        ]);
        expect(canonical, item.id).toEqual({ passed: asserts, failed: 0 });
        expect(buggy.passed + buggy.failed, item.id).toBe(asserts);
        expect(buggy.failed, item.id).toBeGreaterThan(0);
      }),
    );
  });

  it("keeps setup statements before each assertion and binds the parameter to the entry point", async () => {
    const tests = await humanEvalPytest(
      [
        "import math",
        "",
        "def check(fn):",
        "    # a comment",
        "    cases = [(1, 1), (4, 2)]",
        "    for value, root in cases:",
        "        assert fn(value) == root",
        "    big = 81",
        "    assert fn(big) == 9",
        "",
        "check(isqrt_)",
      ].join("\n"),
      "isqrt_",
      "solution",
    );
    expect(tests).toContain("def test_check_1():\n    fn = isqrt_\n    cases = [(1, 1), (4, 2)]\n    for value, root in cases:\n        assert fn(value) == root\n");
    expect(tests).toContain("def test_check_2():\n    fn = isqrt_\n    cases = [(1, 1), (4, 2)]\n    big = 81\n    assert fn(big) == 9\n");
    expect(tests).not.toMatch(/^check\(/m);
    expect(tests).toContain("import math");
    const result = await pytest("setup", "import math\n\ndef isqrt_(n):\n    return math.isqrt(n)\n", tests);
    expect(result).toEqual({ passed: 2, failed: 0 });
  });

  it("runs plain assertions (no check function) as one test", async () => {
    const tests = await humanEvalPytest("assert f(2) == 4\nassert f(3) == 6\n", "f", "solution");
    expect(tests).toContain("def test_check():\n    assert f(2) == 4\n    assert f(3) == 6\n");
    expect(await pytest("plain", "def f(x):\n    return 2 * x\n", tests)).toEqual({ passed: 1, failed: 0 });
  });
});
