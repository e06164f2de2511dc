import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { humanEvalPackTask, readHumanEvalPack, writeTasks, type HumanEvalPackRecord } from "../../bench/humanevalpack-to-tasks.mjs";

// Two tasks as humanevalpack.jsonl holds them (every field, as the dataset writes it), one a
// language; the JavaScript one with a helper the test calls, as JavaScript/10 and /32 have.
const PYTHON: HumanEvalPackRecord = {
  task_id: "Python/13",
  prompt:
    '\n\ndef greatest_common_divisor(a: int, b: int) -> int:\n    """ Return a greatest common divisor of two integers a and b\n    >>> greatest_common_divisor(3, 5)\n    1\n    >>> greatest_common_divisor(25, 15)\n    5\n    """\n',
  declaration: "def greatest_common_divisor(a: int, b: int) -> int:\n",
  canonical_solution: "    while b:\n        a, b = b, a % b\n    return a\n",
  buggy_solution: "    while b:\n        a, b = b, a % b\n    return b\n",
  bug_type: "variable misuse",
  failure_symptoms: "incorrect output",
  entry_point: "greatest_common_divisor",
  import: "",
  test_setup: "",
  test: "\n\n\n\n\ndef check(greatest_common_divisor):\n    assert greatest_common_divisor(3, 7) == 1\n    assert greatest_common_divisor(10, 15) == 5\n    assert greatest_common_divisor(49, 14) == 7\n    assert greatest_common_divisor(144, 60) == 12\n\ncheck(greatest_common_divisor)",
  example_test: "def check(greatest_common_divisor):\n    assert greatest_common_divisor(3, 5) == 1\n    assert greatest_common_divisor(25, 15) == 5\ncheck(greatest_common_divisor)\n",
  signature: "greatest_common_divisor(a: int, b: int) -> int",
  docstring: "Return a greatest common divisor of two integers a and b\n>>> greatest_common_divisor(3, 5)\n1\n>>> greatest_common_divisor(25, 15)\n5",
  instruction: "Write a Python function `greatest_common_divisor(a: int, b: int) -> int` to solve the following problem:\nReturn a greatest common divisor of two integers a and b",
};
const JAVASCRIPT: HumanEvalPackRecord = {
  task_id: "JavaScript/10",
  prompt:
    "/* Test if gniven strig is a palindrome */\nconst isPalindrome = (string) => {\n  return string == string.split('').reverse().join('');\n}\n\n/* Find the shortest palindrome that begins with a supplied string.\n  >>> makePalindrome('cat')\n  'catac'\n  */\nconst makePalindrome = (string) => {\n",
  declaration: "\nconst makePalindrome = (string) => {\n",
  canonical_solution:
    "  if (string == '')\n    return '';\n  var beginning_of_suffix = 0;\n  while (!isPalindrome(string.slice(beginning_of_suffix)))\n    beginning_of_suffix += 1;\n  return string + string.slice(0, beginning_of_suffix).split('').reverse().join('');\n}\n\n",
  buggy_solution:
    "  if (string == '')\n    return '';\n  var beginning_of_suffix = 0;\n  while (!isPalindrome(string.slice(beginning_of_suffix)))\n    beginning_of_suffix += 1;\n  return string + string.slice(0, beginning_of_suffix).split('').join('');\n}\n\n",
  bug_type: "missing logic",
  failure_symptoms: "incorrect output",
  entry_point: "makePalindrome",
  import: "",
  test_setup: "",
  test: "const testmakePalindrome = () => {\n  console.assert(makePalindrome('') === '')\n  console.assert(makePalindrome('x') === 'x')\n  console.assert(isPalindrome(makePalindrome('xyz')))\n  console.assert(makePalindrome('jerry') === 'jerryrrej')\n}\n\ntestmakePalindrome()\n",
  example_test: "const testmakePalindrome = () => {\n  console.assert(makePalindrome('cat') === 'catac')\n}\ntestmakePalindrome()\n",
  signature: "makePalindrome(string)",
  docstring: "Find the shortest palindrome that begins with a supplied string.",
  instruction: "Write a JavaScript function `makePalindrome(string)` to solve the following problem:\nFind the shortest palindrome that begins with a supplied string.",
};

/** Runs the task folder's suite; with `reference`, against reference.* copied over main.*. */
function suitePasses(dir: string, language: "python" | "javascript", reference = false): boolean {
  const [main, ref, command, args] =
    language === "python"
      ? ["main.py", "reference.py", "python3", ["-m", "pytest", "-q", "-p", "no:cacheprovider", "test_main.py"]]
      : ["main.js", "reference.js", process.execPath, ["--test", "main.test.js"]];
  if (reference) copyFileSync(join(dir, ref), join(dir, main));
  const run = spawnSync(command, args, { cwd: dir, encoding: "utf8", timeout: 60_000, env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" } });
  return run.status === 0;
}

describe("humanevalpack-to-tasks (HumanEvalPack -> the task folders of bench:repair-public)", () => {
  let out: string | undefined;
  afterEach(() => {
    if (out) rmSync(out, { recursive: true, force: true });
    out = undefined;
  });

  it("reads one task a line and names each folder by task number and entry point", () => {
    const records = readHumanEvalPack(`${JSON.stringify(PYTHON)}\n${JSON.stringify(JAVASCRIPT)}\n\n`);
    expect(records.map((record) => [humanEvalPackTask(record).language, humanEvalPackTask(record).folder])).toEqual([
      ["python", "013_greatest_common_divisor"],
      ["javascript", "010_makePalindrome"],
    ]);
  });

  it("writes a Python task whose pytest suite fails on the buggy program and passes on the reference", () => {
    out = mkdtempSync(join(tmpdir(), "humanevalpack-"));
    expect(writeTasks([PYTHON], out)).toEqual({ python: 1 });
    const dir = join(out, "python", "013_greatest_common_divisor");
    expect(readFileSync(join(dir, "main.py"), "utf8")).toBe(PYTHON.prompt + PYTHON.buggy_solution);
    const tests = readFileSync(join(dir, "test_main.py"), "utf8");
    expect(tests.startsWith("from main import greatest_common_divisor\n")).toBe(true);
    expect(tests).not.toMatch(/^check\(/m);
    expect(tests).toContain("def test_check():\n    check(greatest_common_divisor)\n");
    expect(suitePasses(dir, "python")).toBe(false);
    expect(suitePasses(dir, "python", true)).toBe(true);
  });

  it("writes a JavaScript task whose node:test suite asserts (console.assert only logs) and imports the helpers", () => {
    out = mkdtempSync(join(tmpdir(), "humanevalpack-"));
    expect(writeTasks([JAVASCRIPT], out)).toEqual({ javascript: 1 });
    const dir = join(out, "javascript", "010_makePalindrome");
    expect(readFileSync(join(dir, "main.js"), "utf8")).toMatch(/\n}\n\nmodule\.exports = \{ isPalindrome, makePalindrome \};\n$/);
    const tests = readFileSync(join(dir, "main.test.js"), "utf8");
    expect(tests).toContain('const { isPalindrome, makePalindrome } = require("./main.js");');
    expect(tests).not.toContain("console.assert");
    expect(tests).toContain('test("makePalindrome", () => {\n  testmakePalindrome();\n});');
    expect(suitePasses(dir, "javascript")).toBe(false);
    expect(suitePasses(dir, "javascript", true)).toBe(true);
  });

  it("refuses a task of another language and a test that does not end in its helper's call", () => {
    expect(() => humanEvalPackTask({ ...PYTHON, task_id: "Go/13" })).toThrow(/only Python and JavaScript/);
    expect(() => humanEvalPackTask({ ...PYTHON, test: "def check(f):\n    assert f(1, 1) == 1\n" })).toThrow(/does not end in a call/);
  });
});
