import { describe, expect, it } from "vitest";
import type { AttemptFile } from "../../runs/attempt-file.js";
import type { RunEvent } from "../../runs/run-event.js";
import type { RunFolder } from "../../runs/run-folder.js";
import type { CheckResult } from "../../shared/check-result.js";
import type { AgentDeps } from "../agent-deps.js";
import { recordedChecks } from "../__fixtures__/recorded-checks.js";
import type { AgentStateValue } from "../state.js";
import { AgentState } from "../state.js";
import type { BaseChannel } from "@langchain/langgraph";
import { diagnoseNode } from "./diagnose.js";

function deps(events: RunEvent[], folder = {} as RunFolder): AgentDeps {
  return { folder, emit: (event: RunEvent) => events.push(event) } as unknown as AgentDeps;
}

function harness() {
  const files = new Map<number, AttemptFile>();
  const events: RunEvent[] = [];
  const folder = {
    readAttempt: (n: number) => files.get(n),
  } as unknown as RunFolder;
  let state = Object.fromEntries(
    Object.entries(AgentState.spec)
      // The channels kept only to read checkpoints of earlier versions start empty.
      .filter(([, channel]) => (channel as BaseChannel).isAvailable())
      .map(([key, channel]) => [key, structuredClone((channel as BaseChannel).get())]),
  ) as AgentStateValue;
  const diagnose = diagnoseNode(deps(events, folder));
  /** Records a validated model attempt, then runs diagnose on it, as the graph would. */
  const fail = (check: CheckResult, source: "model" | "draft" = "model") => {
    const n = state.attempts + 1;
    const code = `program ${n}`;
    files.set(n, {
      schemaVersion: 1,
      record: { n, source, strategy: state.strategy, stage: check.stage, summary: check.summary, durationMs: 1 },
      code,
      check,
    });
    // As validate leaves an attempt it did not diagnose itself (the test review judges it first).
    state = { ...state, attempts: n, code, check };
    state = { ...state, ...diagnose(state) } as AgentStateValue;
    return state;
  };
  return { fail, files, events, state: () => state };
}

describe("diagnose", () => {
  it("keeps two attempts in full, at most ten older ones as one line, and each distinct failure once", () => {
    const { fail } = harness();
    let last: AgentStateValue | undefined;
    for (let i = 0; i < 15; i++) last = fail(i % 2 === 0 ? recordedChecks.wrong : recordedChecks.nameError);
    const history = last?.history;
    expect(history?.recent.map((attempt) => attempt.n)).toEqual([14, 15]);
    expect(history?.older).toHaveLength(10);
    expect(history?.older[9]).toMatch(/^attempt 13 /);
    expect(history?.avoid.map((entry) => entry.n)).toEqual([1, 2]);
  });

  it("keeps each attempt's code once: the latest's is the state's code, the one before carries its own", () => {
    const { fail } = harness();
    fail(recordedChecks.wrong);
    const last = fail(recordedChecks.nameError);
    expect(last.code).toBe("program 2");
    expect(last.history?.recent).toEqual([
      expect.objectContaining({ n: 1, code: "program 1" }),
      expect.not.objectContaining({ code: expect.anything() }),
    ]);
  });

  it("escalates the strategy after failed model attempts, and not after a failing draft", () => {
    const { fail, events } = harness();
    expect(fail(recordedChecks.wrong, "draft").strategy).toBe("generate");
    expect(fail(recordedChecks.wrong).strategy).toBe("fix");
    expect(fail(recordedChecks.wrong).strategy).toBe("fix");
    expect(fail(recordedChecks.wrong).strategy).toBe("plan_fix");
    expect(events.filter((event) => event.type === "strategy")).toHaveLength(2);
  });

  it("acts only on the error boundary's note when the attempt was already diagnosed with its validation", () => {
    const { fail, events, state } = harness();
    fail(recordedChecks.wrong);
    const diagnosed = state();
    const note = { intervention: "modify_prompt" as const, message: "the same failure again", step: 7 };
    const update = diagnoseNode(deps(events))({ ...diagnosed, boundaryNote: note });
    expect(update).toEqual({ strategy: "fresh", strategyFailures: 0, noteHandled: 7 });
    expect(events.at(-1)).toMatchObject({ type: "strategy", from: "fix", to: "fresh" });
    // Once acted on, the note does nothing more.
    expect(diagnoseNode(deps(events))({ ...diagnosed, boundaryNote: note, noteHandled: 7 })).toEqual({});
  });

  it("switches to a fresh approach after two syntax errors in a row", () => {
    const { fail } = harness();
    fail(recordedChecks.syntax);
    expect(fail(recordedChecks.syntax)).toMatchObject({ strategy: "fresh", syntaxStreak: 2 });
  });
});
