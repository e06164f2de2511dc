import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cannedReplies } from "../testkit/index.js";
import { expectUsageExit, runMend } from "./commands/__fixtures__/spawn-mend.js";

/*
 * A draft that is not text at all is bad input (exit 2), not a task for a model. When the tests themselves are broken, configuring a model would not help (mend only changes
 * the program): the run's closing advice names the test file's error and where it is.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-broken-tests-"));
  writeFileSync(join(dir, "median.py"), cannedReplies.python.code.wrong);
  // A test file with a typo, as it happens while writing one: a parameter list left open.
  // A compiled module saved under the program's name.
  writeFileSync(join(dir, "compiled.py"), Buffer.concat([Buffer.from("\x7fELF\x02\x01\x01\x00", "latin1"), Buffer.alloc(32)]));
  writeFileSync(
    join(dir, "test_median.py"),
    "from median import median\n\n\ndef test_odd(:\n    assert median([3, 1, 2]) == 2\n\n\ndef test_even():\n    assert median([4, 1, 3, 2]) == 2.5\n",
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a test file that does not parse", () => {
  it("is named, with its location, instead of advice to configure a model", { timeout: 120_000 }, async () => {
    const result = await runMend(["repair", "median.py", "--tests", "test_median.py", "--runs-dir", "runs"], { cwd: dir });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/the test file test_median\.py has a syntax error.*\(test_median\.py:4:\d+\)/);
    expect(result.stderr).toMatch(/fix the tests: a model would not help/);
    expect(result.stderr).not.toMatch(/configure a model/);
  });

  it("says the same with --json, in the result's message", { timeout: 120_000 }, async () => {
    const result = await runMend(["repair", "median.py", "--tests", "test_median.py", "--runs-dir", "runs", "--json"], { cwd: dir });
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ status: "failed", verified: false });
    expect(json.message).toMatch(/test_median\.py:4.*a model would not help/);
  });
});

describe("a binary draft", () => {
  it("is one usage line naming the file, not advice to configure a model", async () => {
    const result = await runMend(["repair", "compiled.py", "--tests", "test_median.py", "--runs-dir", "runs"], { cwd: dir });
    expectUsageExit(result, /^mend: compiled\.py is not a text file \(binary content\)/);
  });
});
