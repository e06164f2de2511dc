import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectUsageExit, runMend } from "./__fixtures__/spawn-mend.js";

let dir: string;
/** Each of these builds a Python environment and runs a whole check. */
const SLOW = { timeout: 120_000 };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-check-"));
  writeFileSync(join(dir, "median.py"), "def median(xs):\n    xs = sorted(xs)\n    return xs[len(xs) // 2]\n");
  writeFileSync(
    join(dir, "test_median.py"),
    "from median import median\n\n\ndef test_odd():\n    assert median([3, 1, 2]) == 2\n\n\ndef test_even():\n    assert median([4, 1, 3, 2]) == 2.5\n",
  );
  writeFileSync(join(dir, "ok.py"), "def median(xs):\n    return sorted(xs)[len(xs) // 2]\n");
  writeFileSync(join(dir, "test_ok.py"), "from ok import median\n\n\ndef test_odd():\n    assert median([3, 1, 2]) == 2\n");
  writeFileSync(join(dir, "notes.txt"), "not a program\n");
  // A compiled file saved under a source name: an ELF header, NULs and bytes that are not UTF-8.
  writeFileSync(join(dir, "compiled.py"), Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(24), Buffer.from([0xff, 0xfe, 0x10, 0x0a])]));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("mend check", () => {
  it("prints exactly the SPEC check shape with --json and exits 1 on a failing test", async () => {
    const result = await runMend(["check", "median.py", "--tests", "test_median.py", "--json"], { cwd: dir });
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout);
    expect(Object.keys(json).sort()).toEqual(
      ["passed", "stage", "errorType", "summary", "location", "context", "tests", "layers", "signature", "verification"].sort(),
    );
    expect(json).toMatchObject({
      passed: false,
      verification: { by: "tests", testsRun: 2 },
      stage: "tests",
      errorType: "assertion",
      location: { file: "test_median.py", line: 9 },
      tests: { passed: 1, failed: 1, errors: 0, failures: [{ name: "test_even", expected: "2.5", actual: "3" }] },
    });
    expect(json.layers.map((layer: { name: string }) => layer.name)).toEqual(["syntax", "imports", "network", "lint", "types", "tests"]);
    for (const layer of json.layers) expect(typeof layer.durationMs).toBe("number");
  });

  it("exits 0 and says so for a passing program, human output on stdout", async () => {
    const result = await runMend(["check", "ok.py", "--tests", "test_ok.py"], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^PASSED/);
    expect(result.stdout).toMatch(/tests\s+pass/);
  });

  it("says in one Tests line how the tests went and whose they are", async () => {
    const testsLines = (stdout: string) => stdout.split("\n").filter((line) => line.startsWith("Tests:"));
    const failing = await runMend(["check", "median.py", "--tests", "test_median.py"], { cwd: dir });
    expect(failing.code).toBe(1);
    expect(testsLines(failing.stdout)).toEqual(["Tests: 1 passed, 1 failed, 0 errors (2 tests of yours)"]);
    writeFileSync(join(dir, "documented.py"), 'def median(xs):\n    """\n    >>> median([3, 1, 2])\n    2\n    >>> median([5])\n    5\n    """\n    return sorted(xs)[len(xs) // 2]\n');
    const examples = await runMend(["check", "documented.py"], { cwd: dir });
    expect(examples.code, examples.stdout).toBe(0);
    expect(testsLines(examples.stdout)).toEqual([expect.stringMatching(/^Tests: \d+ passed, 0 failed, 0 errors \(2 examples from the docstring\)$/)]);
  });

  const bad: [string, string[], RegExp][] = [
    ["a missing file", ["check", "nope.py"], /file not found: nope\.py/],
    ["an unknown language", ["check", "median.py", "--lang", "cobol"], /unknown language "cobol"/],
    ["a language the file name does not tell", ["check", "notes.txt"], /cannot tell the language/],
    ["a tests path that does not exist", ["check", "median.py", "--tests", "missing_test.py"], /tests path does not exist: missing_test\.py/],
    ["a binary file", ["check", "compiled.py", "--tests", "test_median.py"], /^mend: compiled\.py is not a text file \(binary content\)/],
  ];
  it.each(bad)("exits 2 with one line for %s", async (_name, args, message) => {
    const result = await runMend(args, { cwd: dir });
    expectUsageExit(result, message);
  });

  it("puts no raw bytes of a binary file anywhere, also with --json", async () => {
    const result = await runMend(["check", "compiled.py", "--json"], { cwd: dir });
    expectUsageExit(result, /^mend: compiled\.py is not a text file/, { json: true });
    expect(result.stdout + result.stderr).not.toMatch(/[\u0000\uFFFD]|ELF/);
  });

  describe("on a machine without Python's test tools", () => {
    /**
     * A real Python environment: a venv (no pip, no network) that sees the packages installed
     * for the host's python3 except those whose names match `excluded`.
     */
    function pythonWithout(name: string, excluded: RegExp): Record<string, string> {
      const venv = join(dir, name);
      execFileSync("python3", ["-m", "venv", "--without-pip", venv]);
      const read = (python: string, code: string) => execFileSync(python, ["-c", code]).toString().trim();
      const hostPackages = read("python3", "import os, pytest; print(os.path.dirname(os.path.dirname(pytest.__file__)))");
      const venvPackages = read(join(venv, "bin", "python3"), "import sysconfig; print(sysconfig.get_paths()['purelib'])");
      for (const entry of readdirSync(hostPackages)) {
        if (!excluded.test(entry)) symlinkSync(join(hostPackages, entry), join(venvPackages, entry));
      }
      return { PATH: `${join(venv, "bin")}:${process.env.PATH ?? "/usr/bin:/bin"}` };
    }

    it("runs the tests with pytest alone, each under its own time limit, when pytest-timeout is missing", SLOW, async () => {
      const env = pythonWithout("no-timeout", /^pytest_timeout/);
      writeFileSync(join(dir, "countdown.py"), "def count_down(n):\n    while n != 0:\n        n -= 2\n    return n\n");
      writeFileSync(
        join(dir, "test_countdown.py"),
        "from countdown import count_down\n\n\ndef test_odd():\n    assert count_down(3) == 0\n\n\ndef test_even():\n    assert count_down(4) == 0\n",
      );
      const result = await runMend(["check", "countdown.py", "--tests", "test_countdown.py", "--json"], { cwd: dir, env });
      expect(result.code, result.stderr).toBe(1);
      const json = JSON.parse(result.stdout);
      expect(json).toMatchObject({ stage: "tests", errorType: "timeout", tests: { passed: 1, failed: 1, errors: 0 } });
      expect(json.tests.failures.map((failure: { name: string }) => failure.name)).toEqual(["test_odd"]);
    });

    it("says to install pytest-timeout when the project's pytest configuration uses it and pytest runs without it", SLOW, async () => {
      const env = pythonWithout("no-timeout-project", /^pytest_timeout/);
      const project = join(dir, "timed-project");
      mkdirSync(project);
      writeFileSync(join(project, "pytest.ini"), "[pytest]\naddopts = --timeout=30\n");
      writeFileSync(join(project, "ok.py"), "def median(xs):\n    return sorted(xs)[len(xs) // 2]\n");
      writeFileSync(join(project, "test_ok.py"), "from ok import median\n\n\ndef test_odd():\n    assert median([3, 1, 2]) == 2\n");
      const result = await runMend(["check", "ok.py", "--tests", "test_ok.py", "--json"], { cwd: project, env });
      expectUsageExit(result, /^mend: pytest-timeout is not installed: python3 -m pip install pytest-timeout \(the project's pytest configuration uses it\)/, { json: true });
    });

    it("says to install pytest when there is none, whether or not the tests import it", SLOW, async () => {
      const env = pythonWithout("no-pytest", /^(_?pytest|py\.py)/);
      writeFileSync(join(dir, "test_raises.py"), "import pytest\n\nfrom ok import median\n\n\ndef test_empty():\n    with pytest.raises(IndexError):\n        median([])\n");
      for (const tests of ["test_ok.py", "test_raises.py"]) {
        const result = await runMend(["check", "ok.py", "--tests", tests], { cwd: dir, env });
        expectUsageExit(result, /^mend: pytest is not installed: python3 -m pip install pytest /);
      }
    });
  });
});
