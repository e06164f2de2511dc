import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectUsageExit, runMend } from "./__fixtures__/spawn-mend.js";

let dir: string;
/** What the engine may take past its budget: stopping the runner and the sandbox's teardown. */
const OVERRUN_MS = 2_000;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-offline-"));
  // A loop that never moves on: the program and nearly every mutant of it hang, and no small
  // edit fixes it, so the engine can only stop at its budget.
  writeFileSync(
    join(dir, "digits.py"),
    'def digit_sum(n):\n    """Sum of the decimal digits of n >= 0."""\n    total = 0\n    while n > 0:\n        total += n // 10\n    return total\n',
  );
  writeFileSync(
    join(dir, "test_digits.py"),
    "from digits import digit_sum\n\n\ndef test_zero():\n    assert digit_sum(0) == 0\n\n\n" +
      "def test_one_digit():\n    assert digit_sum(7) == 7\n\n\ndef test_several_digits():\n    assert digit_sum(1234) == 10\n",
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("--offline-seconds", () => {
  it("gives the offline engine that budget on a bug that hangs, and the engine keeps it", async () => {
    const result = await runMend(
      ["repair", "digits.py", "--tests", "test_digits.py", "--offline-seconds", "3", "--max-attempts", "2", "--json", "--runs-dir", "runs"],
      { cwd: dir },
    );
    expect(result.code).toBe(1);
    const run = JSON.parse(result.stdout);
    const events = readFileSync(join(run.runDir, "events.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const offline = events.filter((event) => event.type === "offline_repair");
    expect(offline).toHaveLength(1);
    expect(offline[0]).toMatchObject({ status: "not_fixed", reason: expect.stringMatching(/^time budget spent/) });
    expect(offline[0].durationMs).toBeLessThanOrEqual(3_000 + OVERRUN_MS);
  });

  it("says when the offline engine's budget ended before it ran any candidate, and how to give it more", async () => {
    // A hundredth of a second: no sandboxed pytest run finishes in it.
    const result = await runMend(["repair", "digits.py", "--tests", "test_digits.py", "--offline-seconds", "0.01", "--json", "--runs-dir", "runs"], { cwd: dir });
    expect(result.code).toBe(1);
    const run = JSON.parse(result.stdout) as { reason: string; message: string };
    expect(run.reason).toBe("no_model");
    expect(run.message).toContain("the offline repair engine ran no candidate in its 0.01 s (time budget spent before the tests' first run finished)");
    expect(run.message).toMatch(/give it more time with --offline-seconds 30\b/);
  });

  it.each([
    ["repair", ["repair", "digits.py", "--offline-seconds", "0"]],
    ["run", ["run", "--draft", "digits.py", "--offline-seconds", "soon"]],
    ["eval", ["eval", "suite.jsonl", "--offline-seconds", "-1"]],
  ])("takes only a positive number of seconds (%s)", async (_name, args) => {
    expectUsageExit(await runMend(args, { cwd: dir }), /--offline-seconds takes a positive number/);
  });
});
