import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunEvent } from "../runs/run-event.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { Language } from "../shared/language.js";
import type { Task } from "../shared/task.js";
import { cannedReplies, fenced, type ScriptedServer, type ScriptedStep, startScriptedServer } from "../testkit/index.js";
import { createAgent, type AgentOptions } from "./create-agent.js";

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

const sandbox = createSandbox();
let runsDir: string;
let server: ScriptedServer | undefined;

beforeAll(() => {
  runsDir = mkdtempSync(join(tmpdir(), "mend-agent-"));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(async () => {
  await sandbox.close();
  rmSync(runsDir, { recursive: true, force: true });
});

async function agentWith(script: ScriptedStep[], options: Partial<AgentOptions> = {}) {
  server = await startScriptedServer(script);
  const events: RunEvent[] = [];
  const agent = createAgent({
    model: "openai:scripted",
    baseUrl: server.url,
    env: { OPENAI_API_KEY: "test-key" },
    sandbox,
    repairer: null,
    runsDir,
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { agent, events, server };
}

describe.each(["python", "javascript"] as const)("the loop on a %s task, against the scripted server", (language: Language) => {
  const lang = language as "python" | "javascript";
  const task = TASKS[lang];
  const replies = cannedReplies[lang];

  it("(a) repairs a wrong first reply: passed after 2 model calls", async () => {
    const { agent } = await agentWith([{ reply: replies.wrong }, { reply: replies.right }]);
    const result = await agent.run(task);
    expect(result).toMatchObject({ status: "passed", reason: "passed", verified: true, language });
    expect(result.usage.modelCalls).toBe(2);
    expect(server?.requests).toHaveLength(2);
    expect(result.code).toBe(replies.code.right.replace(/\n$/, ""));
    expect(result.attempts.map((attempt) => [attempt.n, attempt.source, attempt.strategy, attempt.stage])).toEqual([
      [1, "model", "generate", "tests"],
      [2, "model", "fix", "ok"],
    ]);
    // The repair prompt carries the code that failed and what the tests said.
    const repairPrompt = server?.requests[1].messages.map((message) => message.content).join("\n") ?? "";
    expect(repairPrompt).toContain(replies.code.wrong.split("\n")[1]);
    expect(repairPrompt).toMatch(/expected/i);
    const saved = JSON.parse(readFileSync(join(result.runDir, "run.json"), "utf8"));
    expect(saved).toEqual(result);
    expect(existsSync(join(result.runDir, "attempts", "001.json"))).toBe(true);
  });

  it("(b) gives up after max attempts with exactly that many model calls, returning the best attempt", async () => {
    const { agent } = await agentWith(Array.from({ length: 3 }, () => ({ reply: replies.wrong })), { maxAttempts: 3 });
    const result = await agent.run(task);
    expect(result).toMatchObject({ status: "failed", reason: "max_attempts", verified: false });
    expect(result.usage.modelCalls).toBe(3);
    expect(server?.requests).toHaveLength(3);
    expect(result.attempts).toHaveLength(3);
    expect(result.code).toBe(replies.code.wrong.replace(/\n$/, ""));
    expect(result.message).toMatch(/unverified/);
  });

  it("(c) retries a 429 with Retry-After without counting it as an attempt", async () => {
    const { agent, events } = await agentWith([{ status: 429, retryAfter: 1 }, { reply: replies.right }]);
    const result = await agent.run(task);
    expect(result).toMatchObject({ status: "passed", verified: true });
    expect(result.attempts).toHaveLength(1);
    expect(result.usage.modelCalls).toBe(1);
    expect(server?.requests).toHaveLength(2);
    expect(events.filter((event) => event.type === "model_retry")).toHaveLength(1);
  });
});
