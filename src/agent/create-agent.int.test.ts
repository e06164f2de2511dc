import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { Language } from "../shared/language.js";
import type { Task } from "../shared/task.js";
import { cannedReplies } from "../testkit/index.js";
import { useScriptedAgent } from "./__fixtures__/scripted-agent.js";
import { createAgent } from "./create-agent.js";
import { ESTIMATED_OUTPUT_TOKENS } from "./model-gate.js";

const JS_TESTS = `import { test } from "node:test";
import assert from "node:assert/strict";
import { median } from "./median.js";

test("odd", () => assert.equal(median([3, 1, 2]), 2));
test("even", () => assert.equal(median([4, 1, 3, 2]), 2.5));
test("numbers sort as numbers", () => assert.equal(median([10, 9, 8]), 9));
`;

const TASKS: Record<"python" | "javascript", Task> = {
  python: {
    prompt: "Write median(values): the median of a non-empty list of numbers.",
    language: "python",
    entry: "median.py",
    tests: [{ path: "test_median.py", content: cannedReplies.python.code.tests }],
  },
  javascript: {
    prompt: "Export median(values): the median of a non-empty array of numbers.",
    language: "javascript",
    entry: "median.js",
    tests: [{ path: "median.test.js", content: JS_TESTS }],
  },
};

// Real validations in the sandbox, several per test, on a two-core machine shared with others.
vi.setConfig({ testTimeout: 180_000 });

const { sandbox, runsDir, agentWith } = useScriptedAgent("mend-agent");

describe.each(["python", "javascript"] as const)("the loop on a %s task, against the scripted server", (language: Language) => {
  const lang = language as "python" | "javascript";
  const task = TASKS[lang];
  const replies = cannedReplies[lang];

  it("(a) repairs a wrong first reply: passed after 2 model calls", async () => {
    const { agent, server } = await agentWith([{ reply: replies.wrong }, { reply: replies.right }]);
    const result = await agent.run(task);
    expect(result).toMatchObject({ status: "passed", reason: "passed", verified: true, language });
    expect(result.usage.modelCalls).toBe(2);
    expect(server.requests).toHaveLength(2);
    expect(result.code).toBe(replies.code.right);
    expect(result.attempts.map((attempt) => [attempt.n, attempt.source, attempt.strategy, attempt.stage])).toEqual([
      [1, "model", "generate", "tests"],
      [2, "model", "fix", "ok"],
    ]);
    // The repair prompt carries the code that failed and what the tests said.
    const repairPrompt = server.requests[1].messages.map((message) => message.content).join("\n");
    expect(repairPrompt).toContain(replies.code.wrong.split("\n")[1]);
    expect(repairPrompt).toMatch(/expected/i);
    const saved = JSON.parse(readFileSync(join(result.runDir, "run.json"), "utf8"));
    expect(saved).toEqual(result);
    expect(existsSync(join(result.runDir, "attempts", "001.json"))).toBe(true);
  });

  it("(b) gives up after max attempts with exactly that many model calls, returning the best attempt", async () => {
    const { agent, server } = await agentWith(Array.from({ length: 3 }, () => ({ reply: replies.wrong })), { maxAttempts: 3 });
    const result = await agent.run(task);
    expect(result).toMatchObject({ status: "failed", reason: "max_attempts", verified: false });
    expect(result.usage.modelCalls).toBe(3);
    expect(server.requests).toHaveLength(3);
    expect(result.attempts).toHaveLength(3);
    expect(result.code).toBe(replies.code.wrong);
    expect(result.message).toMatch(/unverified/);
  });

  it("(c) retries a 429 with Retry-After without counting it as an attempt", async () => {
    const { agent, server, events } = await agentWith([{ status: 429, retryAfter: 1 }, { reply: replies.right }]);
    const result = await agent.run(task);
    expect(result).toMatchObject({ status: "passed", verified: true });
    expect(result.attempts).toHaveLength(1);
    expect(result.usage.modelCalls).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(events.filter((event) => event.type === "model_retry")).toHaveLength(1);
  });

  it("(d) pauses for approval before writing, and resume with approval finishes and writes", async () => {
    const target = join(runsDir(), `${lang}-${task.entry}`);
    writeFileSync(target, replies.code.wrong);
    const { agent, server } = await agentWith([{ reply: replies.right }], { approve: true });
    const paused = await agent.run({ ...task, draft: replies.code.wrong }, { writeTo: target, command: "repair" });
    expect(paused).toMatchObject({ status: "failed", reason: "interrupted", pending: "approval", verified: true });
    expect(paused.message).toContain(`mend resume ${paused.runId} --approve`);
    expect(readFileSync(target, "utf8")).toBe(replies.code.wrong);

    const resumed = await agent.resume(paused.runId, { approve: true });
    expect(resumed).toMatchObject({ status: "passed", reason: "passed", verified: true, runId: paused.runId });
    expect(resumed.attempts.map((attempt) => attempt.source)).toEqual(["draft", "model"]);
    expect(resumed.usage.modelCalls).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(readFileSync(target, "utf8")).toBe(resumed.code);
  });

  it("(d) a rejected approval ends the run as rejected and writes nothing", async () => {
    const target = join(runsDir(), `${lang}-rejected-${task.entry}`);
    writeFileSync(target, replies.code.wrong);
    const { agent, server } = await agentWith([{ reply: replies.right }], { approve: true });
    const paused = await agent.run({ ...task, draft: replies.code.wrong }, { writeTo: target });
    const rejected = await agent.resume(paused.runId, { approve: false });
    expect(rejected).toMatchObject({ status: "failed", reason: "rejected" });
    expect(readFileSync(target, "utf8")).toBe(replies.code.wrong);
  });

  it("(f) switches strategy after two failed repairs: fix, then plan-then-fix, then a fresh approach", async () => {
    // The loop's own escalation: the error boundary, which would call this run stuck, is off.
    const { agent, server, events } = await agentWith(Array.from({ length: 7 }, () => ({ reply: replies.wrong })), {
      maxAttempts: 7,
      boundary: "off",
    });
    const result = await agent.run(task);
    expect(result.attempts.map((attempt) => attempt.strategy)).toEqual([
      "generate",
      "fix",
      "fix",
      "plan_fix",
      "plan_fix",
      "fresh",
      "fix",
    ]);
    expect(result.usage.modelCalls).toBe(7);
    const switches = events.filter((event) => event.type === "strategy").map((event) => event.type === "strategy" && event.to);
    expect(switches).toEqual(["fix", "plan_fix", "fresh", "fix"]);
    const prompts = server.requests.map((request) => request.messages.map((message) => message.content).join("\n"));
    expect(prompts[3]).toContain("Plan");
    expect(prompts[5]).toContain("What failed so far");
    expect(prompts[5]).not.toContain("## Current code");
    const temperatures = server.requests.map((request) => request.temperature ?? 0);
    expect(temperatures[6]).toBeGreaterThan(temperatures[0]);
  });
});

describe("the offline engine in the loop", () => {
  const example = (name: string) => readFileSync(new URL(`../../examples/median/${name}`, import.meta.url), "utf8");
  const medianTask: Task = {
    prompt: "",
    language: "python",
    entry: "median.py",
    tests: [{ path: "test_median.py", content: example("test_median.py") }],
    draft: example("median.py"),
  };

  it("fixes the bundled example before any model call", async () => {
    const { agent, server } = await agentWith([], { repairer: undefined, localizer: undefined, offlineMaxCandidates: 600 });
    const result = await agent.run(medianTask);
    expect(result).toMatchObject({ status: "passed", verified: true });
    expect(result.attempts.map((attempt) => attempt.source)).toEqual(["draft", "offline"]);
    expect(server.requests).toHaveLength(0);
    const file = JSON.parse(readFileSync(join(result.runDir, "attempts", "002.json"), "utf8"));
    expect(file.offline.diff).toContain("+    return");
  });

  it("hands the model the most suspicious lines when the offline engine finds no fix", async () => {
    const { agent, server } = await agentWith([{ reply: cannedReplies.python.right }], { repairer: undefined, localizer: undefined });
    const result = await agent.run({ ...TASKS.python, draft: cannedReplies.python.code.wrong });
    expect(result).toMatchObject({ status: "passed", verified: true });
    expect(result.attempts.map((attempt) => attempt.source)).toEqual(["draft", "model"]);
    const prompt = server.requests[0].messages.map((message) => message.content).join("\n");
    expect(prompt).toMatch(/## Most suspicious lines[\s\S]*line \d+ \(score/);
  });
});

describe("under the error boundary", () => {
  it("stops a model that returns the same wrong code every time as stuck, after switching strategy once", async () => {
    const { agent, server, events } = await agentWith(Array.from({ length: 10 }, () => ({ reply: cannedReplies.javascript.wrong })), {
      maxAttempts: 10,
    });
    const result = await agent.run(TASKS.javascript);
    expect(result).toMatchObject({ status: "failed", reason: "stuck", verified: false });
    expect(result.attempts.length).toBeLessThan(10);
    expect(result.attempts.map((attempt) => attempt.strategy)).toContain("fresh");
    expect(events).toContainEqual(expect.objectContaining({ type: "boundary", kind: "intervention" }));
    expect(result.code).toBe(cannedReplies.javascript.code.wrong);
  });

  it("stops before a model call that would pass the token budget", async () => {
    // Under a token budget each call is capped at ESTIMATED_OUTPUT_TOKENS and reserves them: the
    // first call (its prompt under ~1,000 tokens) fits, the second, after 1,200 used, cannot.
    const budget = ESTIMATED_OUTPUT_TOKENS + 976;
    const { agent, server } = await agentWith(Array.from({ length: 3 }, () => ({ reply: cannedReplies.javascript.wrong, usage: { input: 900, output: 300 } })), {
      budget: { tokens: budget },
    });
    const result = await agent.run(TASKS.javascript);
    expect(result).toMatchObject({ status: "failed", reason: "budget_tokens" });
    expect(server.requests).toHaveLength(1);
    expect(result.usage.inputTokens + result.usage.outputTokens).toBeLessThanOrEqual(budget);
  });
});

describe("provider faults and streaming", () => {
  it("ends with reason error and the provider's message when the provider refuses, keeping what was done", async () => {
    const { agent, server } = await agentWith([{ reply: cannedReplies.javascript.wrong }, { status: 401, body: "invalid api key" }]);
    const result = await agent.run(TASKS.javascript);
    expect(result).toMatchObject({ status: "failed", reason: "error", verified: false });
    expect(result.message).toMatch(/401|API key/);
    expect(result.attempts).toHaveLength(1);
  });

  it("ends a 429 storm with reason error after the bounded retries, not a crash", async () => {
    const storm = Array.from({ length: 5 }, () => ({ status: 429, retryAfter: 1 }) as const);
    const { agent, server, events } = await agentWith([...storm]);
    const result = await agent.run(TASKS.python);
    expect(result).toMatchObject({ status: "failed", reason: "error", verified: false });
    expect(result.message).toMatch(/429|rate/i);
    // One sentence naming the model, the cause and the retries once.
    expect(result.message).toMatch(/^openai:\S+ kept rate-limiting \(HTTP 429\) \(.+\); gave up after 4 retries\.$/);
    // The first try and the policy's four retries, then it gives up: no attempt was validated.
    expect(server.requests).toHaveLength(5);
    expect(events.filter((event) => event.type === "model_retry")).toHaveLength(4);
    expect(result.attempts).toHaveLength(0);
  });

  it("streams run events and returns the result", async () => {
    const { agent, server } = await agentWith([{ reply: cannedReplies.javascript.right }]);
    const stream = agent.stream(TASKS.javascript);
    const seen: string[] = [];
    let next = await stream.next();
    while (!next.done) {
      seen.push(next.value.type);
      next = await stream.next();
    }
    expect(next.value).toMatchObject({ status: "passed" });
    expect(seen[0]).toBe("run_started");
    expect(seen).toContain("attempt");
    expect(seen.at(-1)).toBe("run_finished");
  });
});

describe("the offline model", () => {
  it("ends a task with no draft with reason no_model and says how to configure a model", async () => {
    const agent = createAgent({ model: "offline", sandbox, runsDir: runsDir(), repairer: null, env: {} });
    const result = await agent.run(TASKS.python);
    expect(result).toMatchObject({ status: "failed", reason: "no_model", verified: false, attempts: [] });
    expect(result.message).toMatch(/--model openai:gpt-4o-mini/);
    expect(result.message).toMatch(/OPENAI_API_KEY/);
  });

  it("validates a draft and reports it when nothing can repair it", async () => {
    const agent = createAgent({ model: "offline", sandbox, runsDir: runsDir(), repairer: null, env: {} });
    const result = await agent.run({ ...TASKS.javascript, draft: cannedReplies.javascript.code.wrong });
    expect(result).toMatchObject({ status: "failed", reason: "no_model", verified: false });
    expect(result.attempts).toMatchObject([{ n: 1, source: "draft", stage: "tests", testsPassed: 2, testsTotal: 3 }]);
    expect(result.usage.modelCalls).toBe(0);
  });

  it("passes a correct draft without any model", async () => {
    const agent = createAgent({ model: "offline", sandbox, runsDir: runsDir(), repairer: null, env: {} });
    const result = await agent.run({ ...TASKS.javascript, draft: cannedReplies.javascript.code.right });
    expect(result).toMatchObject({ status: "passed", verified: true, attempts: [{ source: "draft", stage: "ok" }] });
  });
});
