import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { SqliteMemoryStore } from "../memory/sqlite-memory-store.js";
import type { Task } from "../shared/task.js";
import { fenced } from "../testkit/index.js";
import { createAgent } from "./create-agent.js";
import { useScriptedAgent } from "./__fixtures__/scripted-agent.js";

// Two programs people write, each with the same slip: a range that stops one short.
const FACTORIAL_BUGGY = `def factorial(n):
    """n! for n >= 0."""
    result = 1
    for i in range(1, n):
        result *= i
    return result
`;
const FACTORIAL_FIXED = FACTORIAL_BUGGY.replace("range(1, n)", "range(1, n + 1)");
const FACTORIAL_TESTS = `from factorial import factorial


def test_zero():
    assert factorial(0) == 1


def test_five():
    assert factorial(5) == 120
`;

const SUM_BUGGY = `def sum_of_squares(n):
    """1*1 + 2*2 + ... + n*n."""
    total = 0
    for k in range(1, n):
        total += k * k
    return total
`;
const SUM_FIXED = SUM_BUGGY.replace("range(1, n)", "range(1, n + 1)");
const SUM_TESTS = `from sum_of_squares import sum_of_squares


def test_none():
    assert sum_of_squares(0) == 0


def test_three():
    assert sum_of_squares(3) == 14
`;

function task(entry: string, draft: string, tests: string): Task {
  return {
    prompt: "",
    language: "python",
    entry,
    draft,
    tests: [{ path: `test_${entry}`, content: tests }],
  };
}

vi.setConfig({ testTimeout: 180_000 });

const kit = useScriptedAgent("mend-memory");

describe("the error -> fix memory across runs", () => {
  it("records the model's verified fix, and the next run on a similar bug shows it to the model", async () => {
    const memory = SqliteMemoryStore.open(join(kit.runsDir(), "model.sqlite"));
    // The model is the fixer here; the offline engine's use of the memory is tested below.
    const { agent, server, events } = await kit.agentWith([{ reply: fenced(FACTORIAL_FIXED, "python") }, { reply: fenced(SUM_FIXED, "python") }], {
      review: false,
      memory,
    });
    try {
      const first = await agent.run(task("factorial.py", FACTORIAL_BUGGY, FACTORIAL_TESTS));
      expect(first.verified).toBe(true);
      expect(first.memory?.used).toEqual([]);
      expect(first.memory?.recorded).toMatch(/^[0-9a-f]{12}$/);
      expect(server.requests[0].messages.map((message) => message.content).join("\n")).not.toContain("fixed before");
      const recorded = await memory.get(first.memory?.recorded ?? "");
      expect(recorded).toMatchObject({ language: "python", errorType: "assertion", madeBy: "openai:scripted" });
      expect(recorded?.diff).toContain("-    for i in range(1, n):\n+    for i in range(1, n + 1):");

      const firstEvents = events.length;
      const second = await agent.run(task("sum_of_squares.py", SUM_BUGGY, SUM_TESTS));
      expect(second.verified).toBe(true);
      expect(second.memory?.used).toEqual([first.memory?.recorded]);
      const prompt = server.requests[1].messages.find((message) => message.role === "user")?.content ?? "";
      expect(prompt).toMatch(/A similar failure \(.*\) was fixed before by:/);
      expect(prompt).toContain("+    for i in range(1, n + 1):");
      const secondEvents = events.slice(firstEvents);
      expect(secondEvents).toContainEqual(expect.objectContaining({ type: "memory_recalled", for: "model", attempt: 2, ids: [first.memory?.recorded] }));
      expect(secondEvents).toContainEqual({ type: "memory_summary", used: [{ id: first.memory?.recorded, helped: true }], recorded: second.memory?.recorded });
      expect(await memory.get(first.memory?.recorded ?? "")).toMatchObject({ timesUsed: 1, timesHelped: 1 });
    } finally {
      await memory.close();
    }
  });

  it("records the offline engine's fix with its operator, and hands its edits to the engine on a similar bug", async () => {
    const memory = SqliteMemoryStore.open(join(kit.runsDir(), "offline.sqlite"));
    const preferred: unknown[] = [];
    const { repairOffline } = await import("../repair/repair-offline.js");
    const agent = createAgent({
      model: "offline",
      sandbox: kit.sandbox,
      review: false,
      runsDir: kit.runsDir(),
      memory,
      offlineMaxCandidates: 400,
      repairer: (input, options) => {
        preferred.push(options.preferredEdits ?? null);
        return repairOffline(input, options);
      },
    });
    const first = await agent.run(task("factorial.py", FACTORIAL_BUGGY, FACTORIAL_TESTS));
    expect(first.verified).toBe(true);
    const entry = await memory.get(first.memory?.recorded ?? "");
    expect(entry?.madeBy).toMatch(/^offline:/);
    expect(entry?.edits.length).toBeGreaterThan(0);

    const second = await agent.run(task("sum_of_squares.py", SUM_BUGGY, SUM_TESTS));
    expect(second.verified).toBe(true);
    expect(second.code).toBe(SUM_FIXED);
    expect(second.memory?.used).toEqual([first.memory?.recorded]);
    expect(preferred).toEqual([null, entry?.edits]);
    await memory.close();
  });

  it("records a fix awaiting approval only once it is approved, never when it is rejected", async () => {
    const memory = SqliteMemoryStore.open(join(kit.runsDir(), "approval.sqlite"));
    const { agent } = await kit.agentWith([{ reply: fenced(FACTORIAL_FIXED, "python") }, { reply: fenced(FACTORIAL_FIXED, "python") }], {
      review: false,
      approve: true,
      memory,
    });
    try {
      const rejected = await agent.run(task("factorial.py", FACTORIAL_BUGGY, FACTORIAL_TESTS));
      expect(rejected).toMatchObject({ reason: "interrupted", pending: "approval", verified: true });
      expect(rejected.memory?.recorded).toBeUndefined();
      expect(await memory.list()).toEqual([]);
      const answered = await agent.resume(rejected.runId, { approve: false });
      expect(answered.reason).toBe("rejected");
      expect(answered.memory?.recorded).toBeUndefined();
      expect(await memory.list()).toEqual([]);

      const waiting = await agent.run(task("factorial.py", FACTORIAL_BUGGY, FACTORIAL_TESTS));
      expect(waiting.pending).toBe("approval");
      expect(await memory.list()).toEqual([]);
      const approved = await agent.resume(waiting.runId, { approve: true });
      expect(approved).toMatchObject({ status: "passed", verified: true });
      expect(approved.memory?.recorded).toMatch(/^[0-9a-f]{12}$/);
      expect(await memory.list()).toEqual([expect.objectContaining({ id: approved.memory?.recorded, madeBy: "openai:scripted" })]);
      expect((await memory.get(approved.memory?.recorded ?? ""))?.diff).toContain("+    for i in range(1, n + 1):");
    } finally {
      await memory.close();
    }
  });
});
