import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectUsageExit, runMend } from "./__fixtures__/spawn-mend.js";

let dir: string;

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
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("mend check", () => {
  it("prints exactly the SPEC check shape with --json and exits 1 on a failing test", async () => {
    const result = await runMend(["check", "median.py", "--tests", "test_median.py", "--json"], { cwd: dir });
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout);
    expect(Object.keys(json).sort()).toEqual(
      ["passed", "stage", "errorType", "summary", "location", "context", "tests", "layers", "signature"].sort(),
    );
    expect(json).toMatchObject({
      passed: false,
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

  const bad: [string, string[], RegExp][] = [
    ["a missing file", ["check", "nope.py"], /file not found: nope\.py/],
    ["an unknown language", ["check", "median.py", "--lang", "cobol"], /unknown language "cobol"/],
    ["a language the file name does not tell", ["check", "notes.txt"], /cannot tell the language/],
    ["a tests path that does not exist", ["check", "median.py", "--tests", "missing_test.py"], /tests path does not exist: missing_test\.py/],
  ];
  it.each(bad)("exits 2 with one line for %s", async (_name, args, message) => {
    const result = await runMend(args, { cwd: dir });
    expectUsageExit(result, message);
  });
});
