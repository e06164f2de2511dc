import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { EvalReport } from "../../eval/eval-report.js";
import { type ScriptedStep, startScriptedServer } from "../../testkit/index.js";
import { BY_CANDIDATES, expectUsageExit, runMend, spawnMend } from "./__fixtures__/spawn-mend.js";

const SUITES = fileURLToPath(new URL("../../../examples/suites/", import.meta.url));
const FIX_SUITE = join(SUITES, "humaneval-fix.jsonl");
const dir = mkdtempSync(join(tmpdir(), "mend-cli-eval-"));
/** Each of these runs whole suites through the loop, several times, on a loaded two-core machine. */
const SLOW = { timeout: 600_000 };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface SuiteLine {
  task_id: string;
  prompt: string;
  entry_point: string;
  canonical_solution: string;
  buggy_solution?: string;
}
const suiteLines = (): SuiteLine[] =>
  readFileSync(FIX_SUITE, "utf8").trim().split("\n").map((line) => JSON.parse(line) as SuiteLine);

async function evalJson(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; report: EvalReport; stderr: string }> {
  const result = await runMend(["eval", ...args, "--json"], { cwd: dir, env: { ...BY_CANDIDATES, ...env } });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout.trim().split("\n")).toHaveLength(1);
  return { code: result.code, report: JSON.parse(result.stdout) as EvalReport, stderr: result.stderr };
}

describe("mend eval with the offline model", () => {
  it("on the bug-fix JSONL suite: the figures are those of the bugs the offline engine can fix", SLOW, async () => {
    // MendFix/0-2 are one-token slips (a comparison, a range bound, min for max) within the
    // offline engine's single edits; MendFix/3 lacks a whole clause and MendFix/4 has the wrong
    // algorithm, which only a model can fix. Every draft is buggy, so no first attempt passes.
    const fixable = ["MendFix/0", "MendFix/1", "MendFix/2"];
    const ids = suiteLines().map((line) => line.task_id);
    const out = join(dir, "fix-offline");
    const { report, stderr } = await evalJson([FIX_SUITE, "--model", "offline", "--concurrency", "2", "--out", out]);

    expect(report).toMatchObject({ model: "offline", selected: ids.length, finished: ids.length, reused: 0, pending: [], interrupted: false });
    const { figures } = report;
    expect(figures.solved).toEqual({ count: fixable.length, rate: fixable.length / ids.length });
    expect(figures.passAt1).toEqual({ count: 0, rate: 0 });
    expect(figures.curve.map((point) => point.count)).toEqual([0, 3, 3, 3, 3]);
    expect(figures.failureReasons).toEqual({ no_model: ids.length - fixable.length });
    expect(figures.tokens).toEqual({ total: 0, perTask: 0, perSolved: 0 });
    expect(figures.costUsd.perSolved).toBe(0);
    expect(figures.timeMs.mean).toBeGreaterThan(0);
    for (const outcome of report.results) {
      if (fixable.includes(outcome.taskId)) expect(outcome, outcome.taskId).toMatchObject({ status: "passed", passedAt: 2, attempts: 2 });
      else expect(outcome, outcome.taskId).toMatchObject({ status: "failed", reason: "no_model", attempts: 1 });
    }
    // The table on stderr, the page with the curve, and a report for every run.
    // A bug-fixing suite leads with what the repairs after the draft solved; pass@1 is explained.
    expect(figures.afterDraft?.map((point) => point.count)).toEqual([3, 3, 3, 3]);
    expect(stderr).toMatch(/\n {2}solved\s+3\/5\s+60\.0%\n {2}solved within n repairs of the draft\s+n=1 60\.0%/);
    expect(stderr).toMatch(/pass@1 \(draft passed as given\)\s+0\/5\s+0\.0%/);
    expect(stderr).toMatch(/pass@1 = the first attempt passed/);
    expect(stderr).toMatch(/MendFix\/0\s+passed\s+2/);
    const page = readFileSync(join(out, "eval.html"), "utf8");
    expect(page).toContain('id="pass-curve"');
    expect(page).toContain('data-k="2" data-rate="0.6"');
    for (const outcome of report.results) expect(existsSync(join(outcome.runDir ?? "", "report.html"))).toBe(true);
    expect(readFileSync(join(out, "results.jsonl"), "utf8").trim().split("\n")).toHaveLength(ids.length);
  });

  it("resumes the folder suite after --limit without running finished tasks again, and compares with a baseline", SLOW, async () => {
    const suite = join(SUITES, "mixed");
    const out = join(dir, "mixed");
    const first = await evalJson([suite, "--limit", "1", "--out", out]);
    expect(first.report).toMatchObject({ selected: 1, finished: 1, reused: 0 });
    expect(first.report.results).toMatchObject([{ taskId: "clamp", status: "passed", passedAt: 2 }]);

    const second = await evalJson([suite, "--out", out]);
    expect(second.stderr).toContain("2 of 3 tasks to run (1 finished earlier, not run again)");
    expect(second.report).toMatchObject({ selected: 3, finished: 3, reused: 1, pending: [] });
    expect(second.report.results.map((outcome) => [outcome.taskId, outcome.status, outcome.passedAt ?? null, outcome.reason])).toEqual([
      ["clamp", "passed", 2, "passed"],
      ["long-words", "passed", 2, "passed"],
      // A task folder with no draft needs a model.
      ["slugify", "failed", null, "no_model"],
    ]);
    // clamp kept the run of the first session: one run folder per task, one result line per task.
    expect(second.report.results[0].runId).toBe(first.report.results[0].runId);
    expect(readdirSync(join(out, "runs"))).toHaveLength(3);
    expect(readFileSync(join(out, "results.jsonl"), "utf8").trim().split("\n")).toHaveLength(3);

    const compared = await evalJson([suite, "--limit", "1", "--out", join(dir, "mixed-again"), "--baseline", out]);
    expect(compared.report.baseline).toMatchObject({ commonTasks: 1, onlyInBaseline: 2, newlySolved: [], newlyFailed: [] });
    expect(compared.report.baseline?.delta.solvedRate).toBe(0);
    expect(compared.stderr).toMatch(/compared with .*eval\.json \(1 shared tasks\)/);
  });

  it("stops on Ctrl-C (exit 130) keeping the finished tasks, and the next run finishes only the rest", SLOW, async () => {
    const suite = join(SUITES, "mixed");
    const out = join(dir, "mixed-interrupted");
    const { child, exit } = spawnMend(["eval", suite, "--out", out], { cwd: dir });
    // Interrupt once the first task is finished and the second is running.
    await new Promise<void>((resolve) => {
      let seen = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes("[1/3]")) resolve();
      });
    });
    child.kill("SIGINT");
    const interrupted = await exit;
    expect(interrupted.code, interrupted.stderr).toBe(130);
    const saved = JSON.parse(readFileSync(join(out, "eval.json"), "utf8")) as EvalReport;
    expect(saved.interrupted).toBe(true);
    expect(saved.finished).toBeGreaterThanOrEqual(1);
    expect(saved.pending.length).toBe(3 - saved.finished);
    const finishedRuns = new Map(saved.results.map((outcome) => [outcome.taskId, outcome.runId]));

    const { report } = await evalJson([suite, "--out", out]);
    expect(report).toMatchObject({ finished: 3, reused: saved.finished, pending: [], interrupted: false });
    for (const outcome of report.results) {
      if (finishedRuns.has(outcome.taskId)) expect(outcome.runId).toBe(finishedRuns.get(outcome.taskId));
    }
    const lines = readFileSync(join(out, "results.jsonl"), "utf8").trim().split("\n");
    expect(lines.map((line) => JSON.parse(line).taskId).sort()).toEqual(["clamp", "long-words", "slugify"]);
  });

  it("with --no-offline-repair runs the model alone, says so, and keeps the setting with the output folder", SLOW, async () => {
    // MendFix/0 is one the offline engine fixes (above); with it off and no model, nothing can.
    const out = join(dir, "no-engine");
    const { report, stderr } = await evalJson([FIX_SUITE, "--limit", "1", "--no-offline-repair", "--out", out]);
    expect(report).toMatchObject({ model: "offline", offlineRepair: false, finished: 1 });
    expect(report.results).toMatchObject([{ taskId: "MendFix/0", status: "failed", reason: "no_model", attempts: 1 }]);
    expect(stderr).toMatch(/mend eval · humaneval-fix · offline \(offline repair engine off\) · 1 of 1/);
    expect(readFileSync(join(out, "eval.html"), "utf8")).toContain("(offline repair engine off)");

    const withEngine = await runMend(["eval", FIX_SUITE, "--limit", "1", "--out", out], { cwd: dir });
    expectUsageExit(withEngine, /made with offlineRepair false; use another --out/);
  });

  it("keeps --review-fix with the output folder, since the fix round may change a task's code", SLOW, async () => {
    const out = join(dir, "review-fix");
    const { report } = await evalJson([FIX_SUITE, "--limit", "1", "--review-fix", "--out", out]);
    expect(report.finished).toBe(1);
    expect(JSON.parse(readFileSync(join(out, "eval-config.json"), "utf8"))).toMatchObject({ reviewFix: true });
    const without = await runMend(["eval", FIX_SUITE, "--limit", "1", "--out", out], { cwd: dir });
    expectUsageExit(without, /made with reviewFix true; use another --out/);
  });

  it.each([
    ["the review both off and with a fix round", ["eval", FIX_SUITE, "--no-review", "--review-fix"], /--no-review turns the review off/],
    ["a missing suite", ["eval", "nope.jsonl"], /^mend: suite not found: nope\.jsonl$/],
    ["a bad concurrency", ["eval", FIX_SUITE, "--concurrency", "0"], /--concurrency takes a whole number/],
    ["an unknown option", ["eval", FIX_SUITE, "--fast"], /unknown option '--fast'/],
    ["an unknown model spec", ["eval", FIX_SUITE, "--model", "gpt-4"], /^mend: unknown model spec "gpt-4"/],
    ["a base URL that is not an http URL", ["eval", FIX_SUITE, "--model", "openai:x", "--base-url", "127.0.0.1:8000"], /--base-url takes an http:\/\/ or https:\/\/ URL/],
    ["a malformed baseline", ["eval", FIX_SUITE, "--limit", "1", "--out", join(dir, "b"), "--baseline", FIX_SUITE], /humaneval-fix\.jsonl:1 is not an eval result/],
  ])("exits 2 with one line on %s", async (_name, args, message) => {
    expectUsageExit(await runMend(args, { cwd: dir }), message);
  });

  it("exits 2 with one line when the output folder holds another model's results", SLOW, async () => {
    const out = join(dir, "taken");
    await evalJson([FIX_SUITE, "--limit", "1", "--out", out]);
    const result = await runMend(["eval", FIX_SUITE, "--model", "ollama:x", "--out", out], { cwd: dir });
    expectUsageExit(result, /made with model "offline"; use another --out to run with other settings$/);
  });

  it("exits 2 with one line, before any progress or output folder, when the model has no API key", async () => {
    const out = join(dir, "no-key");
    const result = await runMend(["eval", FIX_SUITE, "--model", "openai:gpt-4o-mini", "--out", out], { cwd: dir });
    expectUsageExit(result, /^mend: openai:gpt-4o-mini needs an API key: set OPENAI_API_KEY/);
    expect(existsSync(out)).toBe(false);
  });

  it("exits 2 with one line when a file stands where the output folder would be", async () => {
    const out = join(dir, "out-is-a-file");
    writeFileSync(out, "");
    const result = await runMend(["eval", FIX_SUITE, "--limit", "1", "--out", out], { cwd: dir });
    expectUsageExit(result, /^mend: cannot use .*out-is-a-file as the output folder \(ENOTDIR\): use another --out$/);
  });

  it("exits 2 with one line for an output folder under /proc (where Node's own recursive mkdir never returns)", async () => {
    const result = await runMend(["eval", FIX_SUITE, "--limit", "1", "--out", "/proc/mend-eval-out"], { cwd: dir });
    expectUsageExit(result, /^mend: cannot use \/proc\/mend-eval-out as the output folder \(ENOENT\): use another --out$/);
  });

  it("exits 2 with one line naming the task when a folder suite holds a malformed task file", async () => {
    const suite = join(dir, "broken-suite");
    mkdirSync(join(suite, "unclosed"), { recursive: true });
    // A YAML parser's message comes with a code frame under it.
    writeFileSync(join(suite, "unclosed", "task.yaml"), "prompt: [unclosed\nlanguage: python\n");
    const result = await runMend(["eval", suite], { cwd: dir });
    expectUsageExit(result, /^mend: suite task unclosed: malformed task file .*task\.yaml: /);
  });
});

describe("mend eval against the scripted server", () => {
  it("a generation suite: the figures follow from the scripted replies, and a resumed eval asks nothing twice", SLOW, async () => {
    // The bug-fix suite without its drafts: every task is generated by the model.
    const lines = suiteLines();
    const suite = join(dir, "generate.jsonl");
    writeFileSync(suite, lines.map(({ buggy_solution: _unused, ...line }) => `${JSON.stringify(line)}\n`).join(""));
    // Task i: i % 3 == 0 gets the right program at once; == 1 a syntax error, then the right
    // program; == 2 two different syntax errors, so it runs out of attempts (--max-attempts 2).
    const plans = lines.map((line, i): string[] => {
      const right = "```python\n" + line.prompt + line.canonical_solution + "```";
      const broken = (n: number) => "```python\ndef " + line.entry_point + "(" + ":".repeat(n) + "\n    pass\n```";
      return i % 3 === 0 ? [right] : i % 3 === 1 ? [broken(1), right] : [broken(1), broken(2)];
    });
    const calls = new Map<string, number>();
    const server = await startScriptedServer((request): ScriptedStep => {
      const text = request.messages.map((message) => message.content).join("\n");
      const index = lines.findIndex((line) => text.includes(`def ${line.entry_point}(`));
      const n = calls.get(lines[index].task_id) ?? 0;
      calls.set(lines[index].task_id, n + 1);
      return { reply: plans[index][Math.min(n, plans[index].length - 1)], usage: { input: 100, output: 20 } };
    });
    const prices = join(dir, "prices.json");
    writeFileSync(prices, JSON.stringify({ scripted: { inputPerMTok: 1000, outputPerMTok: 5000 } }));
    const env = { OPENAI_API_KEY: "test-key", MEND_PRICES: prices };
    // Scripted replies for the loop only: the code review after success is switched off.
    const args = [suite, "--model", "openai:scripted", "--base-url", server.url, "--max-attempts", "2", "--no-review", "--out", join(dir, "generate-out")];
    try {
      const first = await evalJson([...args, "--limit", "2"], env);
      expect(first.report.finished).toBe(2);
      const requestsAfterFirst = server.requests.length;
      expect(requestsAfterFirst).toBe(plans[0].length + plans[1].length);

      const { report } = await evalJson(args, env);
      const expectedCalls = plans.map((plan) => plan.length);
      const passedAt = plans.map((plan, i) => (i % 3 === 2 ? undefined : plan.length));
      const solved = passedAt.filter((n) => n !== undefined).length;
      const totalCalls = expectedCalls.reduce((a, b) => a + b, 0);
      // No task was asked again: the second session sent only the remaining tasks' requests.
      expect(server.requests).toHaveLength(totalCalls);
      expect(report).toMatchObject({ model: "openai:scripted", maxAttempts: 2, finished: lines.length, reused: 2 });
      expect(report.figures.passAt1.count).toBe(passedAt.filter((n) => n === 1).length);
      expect(report.figures.curve.map((point) => point.count)).toEqual([passedAt.filter((n) => n === 1).length, solved]);
      expect(report.figures.solved.count).toBe(solved);
      expect(report.figures.failureReasons).toEqual({ max_attempts: lines.length - solved });
      expect(report.figures.tokens.total).toBe(totalCalls * 120);
      expect(report.figures.tokens.perSolved).toBeCloseTo((totalCalls * 120) / solved);
      // $1000 and $5000 per million tokens: 100 in and 20 out cost $0.20 a call.
      expect(report.figures.costUsd.perSolved).toBeCloseTo((totalCalls * 0.2) / solved, 6);
      expect(report.results.map((outcome) => [outcome.taskId, outcome.passedAt ?? null, outcome.tokens])).toEqual(
        lines.map((line, i) => [line.task_id, passedAt[i] ?? null, expectedCalls[i] * 120]),
      );
    } finally {
      await server.close();
    }
  });
});
