import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cannedReplies, startScriptedServer } from "../../testkit/index.js";
import { expectUsageExit, runMend } from "./__fixtures__/spawn-mend.js";

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-run-"));
  writeFileSync(join(dir, "median.py"), cannedReplies.python.code.wrong);
  writeFileSync(join(dir, "test_median.py"), cannedReplies.python.code.tests);
  writeFileSync(join(dir, "task.md"), "---\nlanguage: python\ntests: test_median.py\nentry: median.py\n---\nWrite median(values).\n");
  writeFileSync(join(dir, "broken.md"), "---\nlanguage: [python\ntests: test_median.py\n---\nWrite median.\n");
  writeFileSync(join(dir, "typo.yaml"), "prompt: Write median.\nlanguge: python\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("mend run and mend repair on bad input: exit 2 with one line, no stack trace", () => {
  const cases: [string, string[], RegExp][] = [
    ["a missing task file", ["run", "nope.md"], /task not found: nope\.md/],
    ["an unknown language", ["run", "--prompt", "x", "--lang", "cobol"], /unknown language "cobol"/],
    ["a tests path that does not exist", ["run", "task.md", "--tests", "missing_test.py"], /tests path does not exist: missing_test\.py/],
    ["malformed front matter", ["run", "broken.md"], /malformed task file .*broken\.md/],
    ["an unknown task field", ["run", "typo.yaml"], /invalid task file .*typo\.yaml.*languge/],
    ["an unknown model spec", ["run", "task.md", "--model", "gpt4"], /unknown model spec "gpt4"/],
    ["a missing API key", ["run", "task.md", "--model", "openai:gpt-4o-mini"], /OPENAI_API_KEY/],
    ["repair without tests", ["repair", "median.py"], /needs the tests/],
    ["a bad attempt cap", ["run", "task.md", "--max-attempts", "0"], /--max-attempts/],
    ["an unknown run id", ["resume", "no-such-run"], /no run "no-such-run"/],
  ];
  it.each(cases)("%s", async (_name, args, message) => {
    const result = await runMend([...args, "--runs-dir", join(dir, "runs")], { cwd: dir });
    expectUsageExit(result, message);
  });
});

describe("mend repair --json against the scripted server", () => {
  it("prints exactly one JSON object in the SPEC run shape, writes the file with --write, exits 0", async () => {
    const server = await startScriptedServer([{ reply: cannedReplies.python.right }]);
    try {
      const target = join(dir, "fixme.py");
      writeFileSync(target, cannedReplies.python.code.wrong);
      const result = await runMend(
        ["repair", "fixme.py", "--tests", "test_median.py", "--entry", "median.py", "--write", "--json"].concat(
          ["--model", "openai:scripted", "--base-url", server.url, "--runs-dir", join(dir, "runs")],
        ),
        { cwd: dir, env: { OPENAI_API_KEY: "test-key" } },
      );
      expect(result.code).toBe(0);
      const json = JSON.parse(result.stdout);
      expect(Object.keys(json).sort()).toEqual(
        ["schemaVersion", "runId", "status", "reason", "verified", "language", "code", "attempts", "usage", "durationMs", "runDir"].sort(),
      );
      expect(json).toMatchObject({ schemaVersion: 1, status: "passed", reason: "passed", verified: true, language: "python" });
      expect(json.attempts.map((attempt: { source: string }) => attempt.source)).toEqual(["draft", "model"]);
      expect(json.usage).toMatchObject({ modelCalls: 1, executions: expect.any(Number) });
      expect(result.stdout.trim().split("\n")).toHaveLength(1);
    } finally {
      await server.close();
    }
  }, 180_000);
});
