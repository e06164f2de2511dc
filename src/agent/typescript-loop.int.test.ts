import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { Task } from "../shared/task.js";
import { fenced, type ScriptedServer } from "../testkit/index.js";
import { useScriptedAgent } from "./__fixtures__/scripted-agent.js";

// The TypeScript counterparts of the test kit's median replies: the wrong one sorts numbers as
// strings (tests fail), the badly typed one runs but does not type-check.
const RIGHT = `export function median(values: number[]): number {
  const ordered = [...values].sort((a, b) => a - b);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1 ? ordered[middle] : (ordered[middle - 1] + ordered[middle]) / 2;
}
`;
const WRONG = RIGHT.replace(".sort((a, b) => a - b)", ".sort()");
const BADLY_TYPED = RIGHT.replace("): number {", "): string {");
const TESTS = `import { test } from "node:test";
import assert from "node:assert/strict";
import { median } from "./median.js";

test("odd", () => assert.equal(median([3, 1, 2]), 2));
test("even", () => assert.equal(median([4, 1, 3, 2]), 2.5));
test("numbers sort as numbers", () => assert.equal(median([10, 9, 8]), 9));
`;
const TASK: Task = {
  prompt: "Export median(values: number[]): number, the median of a non-empty array of numbers.",
  language: "typescript",
  entry: "median.ts",
  tests: [{ path: "median.test.ts", content: TESTS }],
};
const reply = (code: string) => ({ reply: fenced(code, "typescript", { prose: true }) });

// Real validations (tsc included) in the sandbox, several per test, on a shared two-core machine.
vi.setConfig({ testTimeout: 180_000 });

const { agentWith } = useScriptedAgent("mend-agent-ts");

const promptOf = (scripted: ScriptedServer, index: number) => scripted.requests[index].messages.map((message) => message.content).join("\n");

describe("the loop on a typescript task, against the scripted server", () => {
  it("repairs a wrong first reply: passed after 2 model calls, the repair prompt shows the failing test", async () => {
    const { agent, server: scripted } = await agentWith([reply(WRONG), reply(RIGHT)]);
    const result = await agent.run(TASK);
    expect(result).toMatchObject({ status: "passed", reason: "passed", verified: true, language: "typescript" });
    expect(result.code).toBe(RIGHT);
    expect(result.attempts.map((attempt) => [attempt.n, attempt.source, attempt.strategy, attempt.stage, attempt.errorType])).toEqual([
      [1, "model", "generate", "tests", "assertion"],
      [2, "model", "fix", "ok", undefined],
    ]);
    expect(result.attempts[0]).toMatchObject({ testsPassed: 2, testsTotal: 3 });
    expect(scripted.requests).toHaveLength(2);
    expect(promptOf(scripted, 0)).toMatch(/typescript/i);
    const repairPrompt = promptOf(scripted, 1);
    expect(repairPrompt).toContain("const ordered = [...values].sort();");
    expect(repairPrompt).toMatch(/numbers sort as numbers/);
    expect(repairPrompt).toMatch(/expected/i);
    const saved = JSON.parse(readFileSync(join(result.runDir, "run.json"), "utf8"));
    expect(saved).toEqual(result);
  });

  it("catches a type error at the types layer before running the tests, then passes the fix", async () => {
    const { agent, server: scripted } = await agentWith([reply(BADLY_TYPED), reply(RIGHT)]);
    const result = await agent.run(TASK);
    expect(result).toMatchObject({ status: "passed", verified: true });
    expect(result.attempts.map((attempt) => [attempt.stage, attempt.errorType])).toEqual([
      ["types", "type_check"],
      ["ok", undefined],
    ]);
    expect(result.attempts[0].summary).toMatch(/median\.ts:\d+/);
    // The compiler's own words reach the model.
    expect(promptOf(scripted, 1)).toMatch(/not assignable to type 'string'/);
  });

  it("gives up after max attempts with exactly that many model calls", async () => {
    const { agent, server: scripted } = await agentWith([reply(WRONG), reply(WRONG)], { maxAttempts: 2 });
    const result = await agent.run(TASK);
    expect(result).toMatchObject({ status: "failed", reason: "max_attempts", verified: false, language: "typescript" });
    expect(result.code).toBe(WRONG);
    expect(scripted.requests).toHaveLength(2);
  });
});

describe("the offline engine on a typescript task", () => {
  it("fixes a one-token bug in the draft before any model call", async () => {
    const draft = `/** The value limited to the range [low, high]. */
export function clamp(value: number, low: number, high: number): number {
  if (value < low) return low;
  if (value < high) return high;
  return value;
}
`;
    const tests = `import { test } from "node:test";
import assert from "node:assert/strict";
import { clamp } from "./clamp.ts";

test("below", () => assert.equal(clamp(-5, 0, 10), 0));
test("inside", () => assert.equal(clamp(5, 0, 10), 5));
test("above", () => assert.equal(clamp(15, 0, 10), 10));
`;
    const { agent, server: scripted } = await agentWith([], { repairer: undefined, localizer: undefined, offlineMaxCandidates: 600 });
    const result = await agent.run({ prompt: "", language: "typescript", entry: "clamp.ts", tests: [{ path: "clamp.test.ts", content: tests }], draft });
    expect(result).toMatchObject({ status: "passed", verified: true, language: "typescript" });
    expect(result.attempts.map((attempt) => [attempt.source, attempt.stage])).toEqual([
      ["draft", "tests"],
      ["offline", "ok"],
    ]);
    expect(result.code).toBe(draft.replace("if (value < high)", "if (value > high)"));
    expect(scripted.requests).toHaveLength(0);
  });
});
