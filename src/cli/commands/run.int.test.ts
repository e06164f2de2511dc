import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../shared/run-result.js";
import { ESTIMATED_OUTPUT_TOKENS } from "../../agent/model-gate.js";
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
    ["a bad attempt cap", ["run", "task.md", "--max-attempts", "0"], /--max-attempts/],
    ["an unknown run id", ["resume", "no-such-run"], /no run "no-such-run"/],
    ["a base URL that is not an http URL", ["run", "task.md", "--base-url", "localhost:8000"], /--base-url takes an http:\/\/ or https:\/\/ URL/],
    ["a budget without the boundary", ["run", "task.md", "--no-boundary", "--budget-tokens", "1000"], /--no-boundary turns budgets off: drop --budget-tokens/],
  ];
  it.each(cases)("%s", async (_name, args, message) => {
    const result = await runMend([...args, "--runs-dir", join(dir, "runs")], { cwd: dir });
    expectUsageExit(result, message);
  });

  it.each([
    ["a runs folder that is a file", "task.md", /^mend: cannot make a run folder in task\.md \(ENOTDIR\): use another --runs-dir$/],
    // Node's own recursive mkdir never returns there.
    ["a runs folder under /proc", "/proc/mend-runs", /^mend: cannot make a run folder in \/proc\/mend-runs \(ENOENT\): use another --runs-dir$/],
  ])("%s", async (_name, runsDir, message) => {
    expectUsageExit(await runMend(["run", "task.md", "--runs-dir", runsDir], { cwd: dir }), message);
    expectUsageExit(await runMend(["repair", "median.py", "--tests", "test_median.py", "--runs-dir", runsDir], { cwd: dir }), message);
  });
});

describe("mend repair --json against the scripted server", () => {
  it("prints exactly one JSON object in the SPEC run shape, writes the file with --write, exits 0", async () => {
    const review = 'Reviewed against the requirement.\n\n```json\n{"findings": [{"severity": "low", "line": 2, "text": "sorted() copies the list"}]}\n```';
    const server = await startScriptedServer([{ reply: cannedReplies.python.right }, { reply: review }]);
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
        ["schemaVersion", "runId", "status", "reason", "verified", "verification", "review", "memory", "language", "code", "attempts", "usage", "durationMs", "runDir"].sort(),
      );
      expect(json.review).toEqual({ model: "openai:scripted", findings: [{ severity: "low", line: 2, text: "sorted() copies the list" }] });
      expect(json).toMatchObject({ schemaVersion: 1, status: "passed", reason: "passed", verified: true, language: "python" });
      expect(json.verification).toEqual({ by: "tests", testsRun: 2 });
      // A fresh memory (spawn-mend gives each CLI its own data folder): nothing recalled, the verified fix recorded.
      expect(json.memory).toEqual({ used: [], recorded: expect.stringMatching(/^[0-9a-f]{12}$/) });
      expect(json.attempts.map((attempt: { source: string }) => attempt.source)).toEqual(["draft", "model"]);
      expect(json.usage).toMatchObject({ modelCalls: 2, executions: expect.any(Number) });
      expect(result.stdout.trim().split("\n")).toHaveLength(1);
    } finally {
      await server.close();
    }
  }, 180_000);
});

describe("switching off the offline engine and the error boundary", () => {
  const example = (name: string) => readFileSync(new URL(`../../../examples/median/${name}`, import.meta.url), "utf8");
  const runsDir = () => join(dir, "runs-switches");
  const jsonOf = (stdout: string) => JSON.parse(stdout) as RunResult;
  const eventsOf = (result: RunResult) =>
    readFileSync(join(result.runDir, "events.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; node?: string });

  beforeAll(() => {
    // The bundled example: a one-token bug the offline engine fixes on its own.
    writeFileSync(join(dir, "example.py"), example("median.py"));
    writeFileSync(join(dir, "test_example.py"), example("test_median.py").replaceAll("from median import", "from example import"));
  });

  it("--no-offline-repair with no model: the draft is only validated, and the message says the engine is off", async () => {
    const result = await runMend(["repair", "example.py", "--tests", "test_example.py", "--no-offline-repair", "--json", "--runs-dir", runsDir()], { cwd: dir });
    expect(result.code, result.stderr).toBe(1);
    const run = jsonOf(result.stdout);
    expect(run).toMatchObject({ status: "failed", reason: "no_model", verified: false });
    expect(run.attempts.map((attempt) => attempt.source)).toEqual(["draft"]);
    expect(run.message).toMatch(/the offline repair engine is turned off; to go further, configure a model/);
    expect(eventsOf(run).filter((event) => event.node === "offline_repair")).toEqual([]);
  }, 180_000);

  it("--no-offline-repair with a model: the failing draft goes straight to the model", async () => {
    const server = await startScriptedServer([{ reply: cannedReplies.python.right }]);
    try {
      const args = ["repair", "example.py", "--tests", "test_example.py", "--no-offline-repair", "--no-review", "--json", "--runs-dir", runsDir()];
      const result = await runMend([...args, "--model", "openai:scripted", "--base-url", server.url, "--max-attempts", "2"], {
        cwd: dir,
        env: { OPENAI_API_KEY: "test-key" },
      });
      expect(result.code, result.stderr).toBe(0);
      const run = jsonOf(result.stdout);
      expect(run).toMatchObject({ status: "passed", verified: true });
      expect(run.attempts.map((attempt) => attempt.source)).toEqual(["draft", "model"]);
      expect(server.requests).toHaveLength(1);
      expect(eventsOf(run).filter((event) => event.node === "offline_repair")).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);

  it("--no-boundary: a model that repeats the same wrong code runs to the attempt cap instead of being stopped as stuck", async () => {
    const same = { reply: cannedReplies.python.wrong };
    const outcome = async (extra: string[]) => {
      const server = await startScriptedServer(Array.from({ length: 5 }, () => same));
      try {
        const args = ["run", "task.md", "--no-offline-repair", "--max-attempts", "5", "--json", "--runs-dir", runsDir(), ...extra];
        const result = await runMend([...args, "--model", "openai:scripted", "--base-url", server.url], { cwd: dir, env: { OPENAI_API_KEY: "test-key" } });
        expect(result.code, result.stderr).toBe(1);
        return { run: jsonOf(result.stdout), requests: server.requests.length };
      } finally {
        await server.close();
      }
    };
    const guarded = await outcome([]);
    expect(guarded.run.reason).toBe("stuck");
    expect(guarded.requests).toBeLessThan(5);
    const unguarded = await outcome(["--no-boundary"]);
    expect(unguarded.run).toMatchObject({ status: "failed", reason: "max_attempts" });
    expect(unguarded.run.attempts).toHaveLength(5);
    expect(unguarded.requests).toBe(5);
    expect(eventsOf(unguarded.run).filter((event) => event.type === "boundary")).toEqual([]);
  }, 300_000);
});

describe("a token or USD budget caps each model reply at the output the budget reserves for it", () => {
  // The reservation before each call assumes ESTIMATED_OUTPUT_TOKENS of output: a longer reply would take the spending past the cap.
  async function repairWith(model: string, budget: string[]) {
    const server = await startScriptedServer([{ reply: cannedReplies.python.right }]);
    try {
      writeFileSync(join(dir, "capped.py"), cannedReplies.python.code.wrong);
      const args = ["repair", "capped.py", "--tests", "test_median.py", "--entry", "median.py", "--json", "--no-offline-repair", "--no-review", ...budget];
      const result = await runMend([...args, "--model", model, "--runs-dir", join(dir, "runs")], { cwd: dir, env: server.env });
      expect(result.code, result.stderr).toBe(0);
      return server.requests.map((request) => request.maxTokens);
    } finally {
      await server.close();
    }
  }

  it("an OpenAI-compatible server is sent max_tokens under --budget-usd, and none without a budget", async () => {
    expect(await repairWith("openai:scripted", ["--budget-usd", "1"])).toEqual([ESTIMATED_OUTPUT_TOKENS]);
    expect(await repairWith("openai:scripted", [])).toEqual([undefined]);
  }, 180_000);

  it("Anthropic is sent the same cap under --budget-tokens, instead of its default 4,096", async () => {
    expect(await repairWith("anthropic:scripted", ["--budget-tokens", "100000"])).toEqual([ESTIMATED_OUTPUT_TOKENS]);
    expect(await repairWith("anthropic:scripted", [])).toEqual([4096]);
  }, 180_000);
});
