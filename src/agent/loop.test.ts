import Database from "better-sqlite3";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunEvent } from "../runs/run-event.js";
import { DEFAULT_OFFLINE_BUDGET_MS } from "../repair/offline-budget.js";
import { RunFolder } from "../runs/run-folder.js";
import type { CheckResult } from "../shared/check-result.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { Task } from "../shared/task.js";
import { cannedReplies, fenced } from "../testkit/index.js";
import { recordedChecks, recordedPrograms } from "./__fixtures__/recorded-checks.js";
import type { FaultLocalizer, OfflineRepairResult, Repairer, Validator } from "./collaborators.js";
import { createAgent } from "./create-agent.js";

// The loop's behaviour with in-process collaborators: a LangChain fake chat model (through the
// real callModel) and a validator that replays results recorded from the real validate().
// The real validator, sandbox and HTTP server are exercised in create-agent.int.test.ts.

const { code } = cannedReplies.python;
const SYNTAX_ERROR = recordedPrograms.syntax;
const NAME_ERROR = recordedPrograms.nameError;
const task: Task = {
  prompt: "Write median(values).",
  language: "python",
  entry: "median.py",
  tests: [{ path: "test_median.py", content: code.tests }],
};

const noSandbox: Sandbox = {
  run: () => Promise.reject(new Error("nothing runs in these tests")),
  close: async () => {},
};

const validated: Parameters<Validator>[0][] = [];

/** Replays the recorded check of the program it is given; any other program fails like `wrong`. */
const replay: Validator = async (input) => {
  validated.push(input);
  const known: [string, CheckResult][] = [
    [code.right, recordedChecks.right],
    [SYNTAX_ERROR, recordedChecks.syntax],
    [NAME_ERROR, recordedChecks.nameError],
  ];
  const match = known.find(([program]) => program.trim() === input.code.trim());
  return structuredClone(match?.[1] ?? recordedChecks.wrong);
};

let runsDir: string;
beforeAll(() => {
  runsDir = mkdtempSync(join(tmpdir(), "mend-loop-"));
});
afterAll(() => rmSync(runsDir, { recursive: true, force: true }));

function agent(options: {
  replies?: string[];
  repairer?: Repairer | null;
  localizer?: FaultLocalizer;
  maxAttempts?: number;
  budget?: { tokens?: number; seconds?: number };
  env?: NodeJS.ProcessEnv;
  offlineMaxCandidates?: number;
}) {
  const events: RunEvent[] = [];
  const model = options.replies ? new FakeListChatModel({ responses: options.replies }) : "offline";
  return {
    events,
    agent: createAgent({
      model,
      validator: replay,
      repairer: options.repairer ?? null,
      localizer: options.localizer ?? null,
      // The loop's own logic; the error boundary around it is tested in create-agent.int.test.ts.
      boundary: "off",
      sandbox: noSandbox,
      runsDir,
      env: options.env ?? {},
      onEvent: (event) => events.push(event),
      ...(options.offlineMaxCandidates ? { offlineMaxCandidates: options.offlineMaxCandidates } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      ...(options.budget ? { budget: options.budget } : {}),
    }),
  };
}

const wrongReply = fenced(code.wrong, "python", { prose: true });

function lastCheckpointBytes(runDir: string, runId: string): number {
  const db = new Database(join(runDir, "checkpoints.sqlite"), { readonly: true });
  try {
    const row = db
      .prepare("SELECT length(checkpoint) AS bytes FROM checkpoints WHERE thread_id = ? ORDER BY checkpoint_id DESC LIMIT 1")
      .get(runId) as { bytes: number };
    return row.bytes;
  } finally {
    db.close();
  }
}

describe("the loop", () => {
  it("keeps the checkpointed state bounded: the last checkpoint is no bigger after 30 attempts than after 6", async () => {
    const sizes: number[] = [];
    for (const attempts of [6, 30]) {
      const { agent: loop } = agent({ replies: Array.from({ length: attempts }, () => wrongReply), maxAttempts: attempts });
      const result = await loop.run(task);
      expect(result.attempts).toHaveLength(attempts);
      sizes.push(lastCheckpointBytes(result.runDir, result.runId));
    }
    expect(sizes[1]).toBeLessThan(sizes[0] * 1.25);
  });

  it("checkpoints a failure's details once, in its check: not again as its diagnosis or in the recent attempts", async () => {
    const { agent: loop } = agent({ replies: [wrongReply, wrongReply], maxAttempts: 2 });
    const result = await loop.run(task);
    expect(result.reason).toBe("max_attempts");
    const db = new Database(join(result.runDir, "checkpoints.sqlite"), { readonly: true });
    try {
      const rows = db.prepare("SELECT checkpoint FROM checkpoints WHERE thread_id = ? ORDER BY checkpoint_id").all(result.runId) as { checkpoint: Buffer }[];
      const checkpoints = rows.map((row) => JSON.parse(Buffer.from(row.checkpoint).toString("utf8")) as { channel_values: Record<string, unknown> });
      const last = checkpoints.at(-1)?.channel_values;
      expect(last).not.toHaveProperty("diagnosis");
      // The failing line's context: in the check, and nowhere else (the recent attempts keep the one-line gist).
      const context = JSON.stringify(recordedChecks.wrong.context);
      expect(JSON.stringify(last).split(context.slice(1, -1)).length - 1).toBe(1);
      expect((last?.history as { recent: { diagnosis: object }[] }).recent.map((attempt) => Object.keys(attempt.diagnosis).sort())).toEqual([
        ["errorType", "location", "summary"],
        ["errorType", "location", "summary"],
      ]);
    } finally {
      db.close();
    }
  });

  it("tries the offline engine first: a fix it finds is validated as an offline attempt, with no model call", async () => {
    const calls: string[] = [];
    const repairer: Repairer = async (input) => {
      calls.push(input.code);
      return { status: "fixed", code: code.right, diff: "-a\n+b", candidatesRun: 7, durationMs: 5, check: recordedChecks.right };
    };
    const { agent: loop } = agent({ replies: ["never used"], repairer });
    const result = await loop.run({ ...task, draft: code.wrong });
    expect(result).toMatchObject({ status: "passed", verified: true, code: code.right });
    expect(result.attempts.map((attempt) => [attempt.source, attempt.strategy])).toEqual([
      ["draft", "draft"],
      ["offline", "offline"],
    ]);
    expect(result.usage.modelCalls).toBe(0);
    expect(calls).toEqual([code.wrong]);
  });

  it("bounds the offline engine by candidates when asked (option or MEND_OFFLINE_MAX_CANDIDATES), its clock then only a backstop", async () => {
    const seen: { maxCandidates?: number; timeBudgetMs?: number }[] = [];
    const repairer: Repairer = async (_input, options) => {
      seen.push({ maxCandidates: options.maxCandidates, timeBudgetMs: options.timeBudgetMs });
      return { status: "not_fixed", candidatesRun: 3, durationMs: 2, reason: "no candidate passed" };
    };
    await agent({ repairer, offlineMaxCandidates: 40 }).agent.run({ ...task, draft: code.wrong });
    await agent({ repairer, env: { MEND_OFFLINE_MAX_CANDIDATES: "70" } }).agent.run({ ...task, draft: code.wrong });
    await agent({ repairer }).agent.run({ ...task, draft: code.wrong });
    await agent({ repairer, replies: [fenced(code.right, "python")] }).agent.run({ ...task, draft: code.wrong });
    expect(seen.map((options) => options.maxCandidates)).toEqual([40, 70, undefined, undefined]);
    // A candidate bound leaves the engine minutes, not the seconds it gets by default.
    expect(seen[0].timeBudgetMs).toBeGreaterThanOrEqual(60_000);
    // The default, the same with a model as without one (README, --offline-seconds).
    expect(seen[2].timeBudgetMs).toBe(DEFAULT_OFFLINE_BUDGET_MS);
    expect(seen[3].timeBudgetMs).toBe(DEFAULT_OFFLINE_BUDGET_MS);
    expect(() => agent({ repairer, env: { MEND_OFFLINE_MAX_CANDIDATES: "lots" } })).toThrow(/MEND_OFFLINE_MAX_CANDIDATES must be a whole number/);
  });

  it("searches offline once per distinct program, then hands over to the model", async () => {
    const searched: string[] = [];
    const repairer: Repairer = async (input): Promise<OfflineRepairResult> => {
      searched.push(input.code);
      return { status: "not_fixed", candidatesRun: 3, durationMs: 2, reason: "no candidate passed" };
    };
    const { agent: loop } = agent({ replies: [wrongReply, wrongReply, fenced(code.right, "python")], repairer, maxAttempts: 4 });
    const result = await loop.run({ ...task, draft: code.wrong.replace("ordered", "items") });
    expect(result.status).toBe("passed");
    // The draft, then the model's wrong program (the same twice: searched once), then the fix.
    expect(searched).toHaveLength(2);
    expect(result.usage.modelCalls).toBe(3);
  });

  it("goes on to the model when the offline engine itself fails", async () => {
    const repairer: Repairer = () => Promise.reject(new Error("engine bug"));
    const { agent: loop, events } = agent({ replies: [fenced(code.right, "python")], repairer });
    const result = await loop.run({ ...task, draft: code.wrong });
    expect(result.status).toBe("passed");
    expect(events).toContainEqual(expect.objectContaining({ type: "offline_repair", status: "skipped" }));
  });

  it("sends a syntax error straight to repair, and regenerates after two in a row", async () => {
    const syntaxReply = fenced(SYNTAX_ERROR, "python");
    const { agent: loop, events } = agent({ replies: [syntaxReply, syntaxReply, fenced(code.right, "python")], maxAttempts: 3 });
    const result = await loop.run(task);
    expect(result.attempts.map((attempt) => attempt.strategy)).toEqual(["generate", "fix", "fresh"]);
    const nodes = events.filter((event) => event.type === "node_entered").map((event) => event.type === "node_entered" && event.node);
    expect(nodes).toEqual(["generate", "validate", "repair", "validate", "generate", "validate", "finish"]);
    expect(result.status).toBe("passed");
  });

  it("repairs a test failure in one step after validate: analyzed (fault localization in the prompt), then the model asked", async () => {
    const localized: string[] = [];
    const localizer: FaultLocalizer = async (input) => {
      localized.push(input.code);
      return [{ file: "median.py", line: 3, score: 0.9 }];
    };
    const { agent: loop, events } = agent({ replies: [wrongReply, fenced(code.right, "python")], localizer });
    const result = await loop.run(task);
    expect(result.status).toBe("passed");
    const steps = events.filter((event) => event.type === "node_entered").map((event) => event.type === "node_entered" && event.node);
    expect(steps).toEqual(["generate", "validate", "repair", "validate", "finish"]);
    expect(localized).toEqual([code.wrong]);
    // The analysis's coverage run counts as an execution, beside the two validations'.
    expect(result.usage.executions).toBe(recordedChecks.wrong.executions + recordedChecks.right.executions + 1);
    const prompt = RunFolder.open(runsDir, result.runDir).readAttempt(2)?.model?.messages.map((message) => message.content).join("\n");
    expect(prompt).toContain(`line 3 (score 0.90): ${code.wrong.split("\n")[2].trim()}`);
  });

  it("analyzes a failure once: a repair asked again after edits that did not apply keeps the analysis", async () => {
    // Past the edit threshold, the model is asked for search/replace blocks.
    const padding = Array.from({ length: 160 }, (_, i) => `# note ${i}`).join("\n");
    const draft = `${code.wrong.trimEnd()}\n\n${padding}\n`;
    const edit = (search: string, replace: string) => ["median.py", "```python", "<<<<<<< SEARCH", search, "=======", replace, ">>>>>>> REPLACE", "```"].join("\n");
    const firstLine = code.wrong.split("\n")[0];
    let calls = 0;
    const localizer: FaultLocalizer = async () => {
      calls += 1;
      return [{ file: "median.py", line: 1, score: 0.5 }];
    };
    const { agent: loop } = agent({ replies: [edit("def not_in_the_file():", "x"), edit(firstLine, `${firstLine}  # fixed`)], localizer, maxAttempts: 2 });
    const result = await loop.run({ ...task, draft });
    expect(result.attempts.map((attempt) => attempt.source)).toEqual(["draft", "model"]);
    expect(result.usage.modelCalls).toBe(2);
    expect(calls).toBe(1);
    const messages = RunFolder.open(runsDir, result.runDir).readAttempt(2)?.model?.messages ?? [];
    expect(messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(messages[1].content).toContain(`line 1 (score 0.50): ${firstLine.trim()}`);
  });

  it("stops at the time budget reached while analyzing, before asking the model, as give_up after the analysis", async () => {
    const started = Date.now();
    // Fault localization outlasting the 3 s budget (from the test's start, so the run's own start is inside it).
    const localizer: FaultLocalizer = async () => {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3_200 - (Date.now() - started))));
      return [];
    };
    const { agent: loop, events } = agent({ replies: [wrongReply, wrongReply], localizer, budget: { seconds: 3 } });
    const result = await loop.run(task);
    expect(result).toMatchObject({ status: "failed", reason: "budget_time" });
    expect(result.message).toMatch(/budget 3 s/);
    expect(result.usage.modelCalls).toBe(1);
    expect(events).toContainEqual({ type: "route", from: "repair", to: "give_up", why: expect.stringMatching(/s used, budget 3 s$/) as unknown });
  });

  it("does not blame repairs for lint findings the draft already had", async () => {
    validated.length = 0;
    const { agent: loop } = agent({ replies: [fenced(code.right, "python")] });
    await loop.run({ ...task, draft: NAME_ERROR });
    expect(validated[0].baselineLint).toBeUndefined();
    expect(validated[1].baselineLint).toEqual(recordedChecks.nameError.lintSignatures);
  });

  it("stops with budget_tokens once the token budget is used", async () => {
    const { agent: loop } = agent({ replies: [wrongReply, wrongReply, wrongReply], budget: { tokens: 50 } });
    const result = await loop.run(task);
    expect(result).toMatchObject({ status: "failed", reason: "budget_tokens" });
    expect(result.usage.modelCalls).toBe(1);
  });

  it("writes each attempt's file with the diagnosis of a failed attempt, the last one before the cap included", async () => {
    const { agent: loop } = agent({ replies: [wrongReply, fenced(SYNTAX_ERROR, "python")], maxAttempts: 2 });
    const result = await loop.run(task);
    expect(result.reason).toBe("max_attempts");
    const files = RunFolder.open(runsDir, result.runDir).readAttempts();
    expect(files.map((file) => file.diagnosis && [file.diagnosis.errorType, file.diagnosis.signature])).toEqual([
      ["assertion", recordedChecks.wrong.signature],
      ["syntax", recordedChecks.syntax.signature],
    ]);
    const passing = await agent({ replies: [fenced(code.right, "python")] }).agent.run(task);
    expect(RunFolder.open(runsDir, passing.runDir).readAttempts()[0]).not.toHaveProperty("diagnosis");
  });

  it("logs node entries, routes with their reasons, attempts and counters as JSON lines", async () => {
    const { agent: loop } = agent({ replies: [wrongReply, fenced(code.right, "python")] });
    const result = await loop.run(task);
    const { readFileSync } = await import("node:fs");
    const lines = readFileSync(join(result.runDir, "events.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line));
    expect(lines.every((line) => typeof line.ts === "string")).toBe(true);
    // A failed attempt is diagnosed in validate's own step: the route leads from there.
    expect(lines).toContainEqual(expect.objectContaining({ type: "route", from: "validate", to: "repair", why: expect.stringContaining("assertion") }));
    expect(lines).not.toContainEqual(expect.objectContaining({ type: "node_entered", node: "diagnose" }));
    expect(lines).toContainEqual(
      expect.objectContaining({ type: "attempt", signature: recordedChecks.wrong.signature, counters: expect.objectContaining({ attempts: 1 }) }),
    );
    expect(lines.at(-1)).toMatchObject({ type: "run_finished", status: "passed", attempts: 2 });
  });
});

describe("a task with no tests and no examples", () => {
  it("ends no_tests even when the loop stopped for another reason first (a syntax error and no model)", async () => {
    const { agent: loop, events } = agent({});
    const result = await loop.run({ ...task, tests: [], draft: SYNTAX_ERROR });
    expect(result).toMatchObject({ status: "failed", reason: "no_tests", verified: false, verification: { by: "none", testsRun: 0 } });
    expect(result.message).toMatch(/^no tests and no examples, so nothing can verify the code .*\(the loop stopped as well: the draft fails/);
    expect(events.find((event) => event.type === "tests_chosen")).toEqual({ type: "tests_chosen", by: "none", tests: 0, examples: [] });
  });
});

