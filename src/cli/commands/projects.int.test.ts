import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectUsageExit, runMend } from "./__fixtures__/spawn-mend.js";

/** QuixBugs as published: programs beside node.py, tests that load JSON test data through a helper, a root conftest.py. */
const QUIXBUGS = fileURLToPath(new URL("../../tasks/__fixtures__/quixbugs", import.meta.url));
const SLOW = { timeout: 240_000 };

let base: string;
let clone: string;
let flat: string;

/** The same programs made self-contained, as people do by hand: program and test in one folder, data inline. */
function selfContained(dir: string): void {
  mkdirSync(dir);
  for (const name of ["gcd", "detect_cycle"]) {
    writeFileSync(join(dir, `${name}.py`), readFileSync(join(clone, "python_programs", `${name}.py`)));
  }
  const cases = readFileSync(join(clone, "json_testcases", "gcd.json"), "utf8").trim().split("\n").join(", ");
  writeFileSync(
    join(dir, "test_gcd.py"),
    `import pytest\nfrom gcd import gcd\n\n\n@pytest.mark.parametrize("input_data,expected", [${cases}])\ndef test_gcd(input_data, expected):\n    assert gcd(*input_data) == expected\n`,
  );
  const cycleTests = readFileSync(join(clone, "python_testcases", "test_detect_cycle.py"), "utf8")
    .replace("from python_programs.node import Node\n", readFileSync(join(clone, "python_programs", "node.py"), "utf8"))
    .replace(/if pytest\.use_correct:\n.*\nelse:\n\s+from python_programs\.detect_cycle import detect_cycle\n/, "from detect_cycle import detect_cycle\n");
  writeFileSync(join(dir, "test_detect_cycle.py"), cycleTests);
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "mend-projects-"));
  clone = join(base, "QuixBugs");
  cpSync(QUIXBUGS, clone, { recursive: true });
  mkdirSync(join(clone, ".git"));
  flat = join(base, "flat");
  selfContained(flat);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

interface CheckJson {
  passed: boolean;
  stage: string;
  errorType?: string;
  tests?: { passed: number; failed: number; errors: number; failures: Array<{ name: string; expected?: string; actual?: string }> };
}

/** What a verdict says, without the paths that differ between the layouts. */
function verdict(check: CheckJson) {
  const { passed, failed, errors, failures } = check.tests ?? { passed: 0, failed: 0, errors: 0, failures: [] };
  const failed_ = failures.map((failure) => [failure.name, failure.expected, failure.actual]);
  return [check.passed, check.stage, check.errorType, passed, failed, errors, failed_];
}

describe("a project laid out as QuixBugs is", () => {
  for (const name of ["gcd", "detect_cycle"]) {
    it(`checks ${name} from the repository root with the verdict of the self-contained program`, SLOW, async () => {
      const [inProject, alone] = await Promise.all([
        runMend(["check", `python_programs/${name}.py`, "--tests", `python_testcases/test_${name}.py`, "--json"], { cwd: clone }),
        runMend(["check", `${name}.py`, "--tests", `test_${name}.py`, "--json"], { cwd: flat }),
      ]);
      const a = JSON.parse(inProject.stdout) as CheckJson;
      const b = JSON.parse(alone.stdout) as CheckJson;
      expect(a.stage).toBe("tests");
      expect(verdict(a)).toEqual(verdict(b));
      expect(inProject.code).toBe(1);
    });
  }

  it("repairs a program its tests reach with a data file and a conftest option, as the self-contained one", SLOW, async () => {
    const inProject = await runMend(["repair", "python_programs/gcd.py", "--tests", "python_testcases/test_gcd.py", "--json"], { cwd: clone });
    const alone = await runMend(["repair", "gcd.py", "--tests", "test_gcd.py", "--json"], { cwd: flat });
    const a = JSON.parse(inProject.stdout) as { verified: boolean; code: string };
    const b = JSON.parse(alone.stdout) as { verified: boolean; code: string };
    expect(a.verified).toBe(true);
    expect(a.code).toBe(b.code);
    expect(a.code).toContain("return gcd(b, a % b)");
    // Nothing was written to the user's tree without --write.
    expect(readFileSync(join(clone, "python_programs", "gcd.py"), "utf8")).toContain("return gcd(a % b, b)");
  });

  it("refuses a file outside --root with exit 2", async () => {
    const result = await runMend(["check", join(flat, "gcd.py"), "--root", clone, "--tests", "python_testcases/test_gcd.py"], { cwd: clone });
    expectUsageExit(result, /outside the project root .*--root/);
  });
});
