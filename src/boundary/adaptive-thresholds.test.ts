import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Annotation, END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { programVersion, repairExtractors, repairLoopGraph } from "./__fixtures__/repair-loop-graph.js";
import { ADAPTIVE_BOUNDS, adaptThresholds, appendOutcomes, loadOutcomes, type OutcomeRecord } from "./adaptive-thresholds.js";
import { DEFAULT_THRESHOLDS } from "./detection-thresholds.js";
import { withErrorBoundary } from "./with-error-boundary.js";

const at = "2026-01-01T00:00:00.000Z";
const outcome = (detection: OutcomeRecord["detection"], intervention: OutcomeRecord["intervention"], recovered: boolean): OutcomeRecord => ({
  detection,
  intervention,
  recovered,
  at,
});

describe("adaptThresholds", () => {
  it("changes nothing without enough evidence either way", () => {
    const { thresholds, changes } = adaptThresholds(DEFAULT_THRESHOLDS, [
      outcome("similar_code", "modify_prompt", true),
      outcome("similar_code", "continue", true),
      outcome("repeated_error", "modify_prompt", false),
    ]);
    expect(thresholds).toEqual(DEFAULT_THRESHOLDS);
    expect(changes).toEqual([]);
  });

  it("detects sooner where interventions helped", () => {
    const { thresholds, changes } = adaptThresholds(DEFAULT_THRESHOLDS, [
      outcome("repeated_error", "modify_prompt", true),
      outcome("repeated_error", "alternative_path", true),
    ]);
    expect(thresholds).toEqual({ ...DEFAULT_THRESHOLDS, errorRepeats: DEFAULT_THRESHOLDS.errorRepeats - 1 });
    expect(changes).toEqual(["errorRepeats 4 -> 3: repeated_error interventions helped 2 times, 0 false alarms (last 2)"]);
  });

  it("detects later where the run recovered on its own after a detection (false alarms)", () => {
    const { thresholds } = adaptThresholds(DEFAULT_THRESHOLDS, [
      outcome("similar_code", "continue", true),
      outcome("similar_code", "continue", true),
      outcome("similar_code", "continue", true),
    ]);
    expect(thresholds.similarity).toBeCloseTo(0.98, 10);
    expect(thresholds.similarRepeats).toBe(4);
  });

  it("does not detect later while detections the run did not recover from offset the false alarms", () => {
    const falseAlarms = Array.from({ length: 3 }, () => outcome("repeated_error", "continue", true));
    const confirmed = Array.from({ length: 2 }, () => outcome("repeated_error", "continue", false));
    expect(adaptThresholds(DEFAULT_THRESHOLDS, [...falseAlarms, ...confirmed]).thresholds).toEqual(DEFAULT_THRESHOLDS);
    expect(adaptThresholds(DEFAULT_THRESHOLDS, [...falseAlarms, ...confirmed.slice(1)]).changes).toEqual([
      "errorRepeats 4 -> 5: repeated_error 3 false alarms, interventions helped 0 times, 1 detections confirmed (last 4)",
    ]);
  });

  it("never leaves the fixed bounds", () => {
    const lowest = { ...DEFAULT_THRESHOLDS, progressWindow: ADAPTIVE_BOUNDS.progressWindow[0] };
    const helped = Array.from({ length: 10 }, () => outcome("no_progress", "modify_prompt", true));
    expect(adaptThresholds(lowest, helped)).toEqual({ thresholds: lowest, changes: [] });
  });

  it("weighs only the latest outcomes of each detector", () => {
    const old = Array.from({ length: 30 }, () => outcome("alternation", "continue", true));
    const recent = Array.from({ length: 20 }, () => outcome("alternation", "rollback", true));
    expect(adaptThresholds(DEFAULT_THRESHOLDS, [...old, ...recent]).thresholds.loopRepeats).toBe(2);
  });
});

describe("the adaptive store", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "mend-adaptive-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("starts empty, keeps what is appended, and refuses a malformed file", () => {
    const path = join(dir, "nested", "outcomes.json");
    expect(loadOutcomes(path)).toEqual([]);
    appendOutcomes(path, [outcome("no_progress", "rollback", true)]);
    appendOutcomes(path, [outcome("no_progress", "rollback", false)]);
    expect(loadOutcomes(path).map((o) => o.recovered)).toEqual([true, false]);
    expect(JSON.parse(readFileSync(path, "utf8")).schemaVersion).toBe(1);
    writeFileSync(path, '{"schemaVersion": 2}');
    expect(() => loadOutcomes(path)).toThrow();
  });

  it("learns across runs: interventions that helped make the next run detect sooner", async () => {
    const storePath = join(dir, "outcomes.json");
    const options = {
      ...repairExtractors,
      recoveryWindow: 2,
      policy: () => "modify_prompt" as const,
      adaptive: { storePath },
    };
    const runOnce = async () => {
      const graph = repairLoopGraph({
        attempts: [{ code: programVersion(1), passed: 1, error: "AssertionError" }],
        rescue: [{ code: programVersion(0, true), passed: 3 }],
        total: 3,
        checkpointer: new MemorySaver(),
      });
      const bounded = withErrorBoundary(graph, options);
      await bounded.invoke({}, { configurable: { thread_id: "adaptive" }, recursionLimit: 100 });
      return bounded.summary();
    };

    const first = await runOnce();
    expect(first.adaptive).toEqual({ storePath, basedOn: 0, changes: [] });
    expect(first.interventions[0].outcome).toBe("recovered");
    await runOnce();
    const third = await runOnce();

    expect(loadOutcomes(storePath)).toHaveLength(3);
    expect(third.adaptive?.basedOn).toBe(2);
    expect(third.adaptive?.changes).toEqual([
      "similarity 0.97 -> 0.96: similar_code interventions helped 2 times, 0 false alarms (last 2)",
      "similarRepeats 3 -> 2: similar_code interventions helped 2 times, 0 false alarms (last 2)",
    ]);
    expect(third.thresholds).toMatchObject({ similarity: 0.96, similarRepeats: 2 });
  });

  it("learns from observe mode, which never stops a run: its detections count as the continue they were", async () => {
    const storePath = join(dir, "outcomes.json");
    const sameError = (n: number) => ({ code: `attempt ${n}`, passed: 0, error: "AssertionError: 1 != 2" });
    // Four attempts fail alike (a repeated_error at the default 4), then the fifth passes on its own.
    const recovering = () => repairLoopGraph({ attempts: [1, 2, 3, 4].map(sameError).concat({ code: "fixed", passed: 1, error: "" }), total: 1 });
    const options = { mode: "observe" as const, errorSignature: repairExtractors.errorSignature, adaptive: { storePath } };
    const runOnce = async (graph: ReturnType<typeof recovering>) => {
      const bounded = withErrorBoundary(graph, options);
      const result = await bounded.invoke({}, { recursionLimit: 40 }).catch((error: unknown) => error);
      return { result, summary: bounded.summary() };
    };

    const first = await runOnce(recovering());
    expect(first.result).toMatchObject({ passed: 1 });
    expect(first.summary.interventions).toEqual([]);
    expect(first.summary.observed).toEqual([
      expect.objectContaining({ kind: "continue", applied: false, outcome: "recovered", trigger: expect.objectContaining({ type: "detection" }) }),
    ]);
    expect(loadOutcomes(storePath)).toEqual([{ detection: "repeated_error", intervention: "continue", recovered: true, observed: true, at: expect.any(String) }]);

    // Two false alarms: the third run waits for a fifth repeat, so this run sees none.
    await runOnce(recovering());
    const third = await runOnce(recovering());
    expect(third.summary.thresholds.errorRepeats).toBe(5);
    expect(third.summary.detections).toEqual([]);

    // A run that stays stuck: each detection is confirmed by the next, and they offset the false alarms.
    const stuck = await runOnce(repairLoopGraph({ attempts: [sameError(1)], total: 1 }));
    expect((stuck.result as Error).name).toBe("GraphRecursionError");
    const outcomes = stuck.summary.observed?.map((record) => record.outcome) ?? [];
    expect(outcomes.length).toBeGreaterThanOrEqual(3);
    expect(outcomes).toEqual([...outcomes.slice(0, -1).map(() => "not_recovered"), "unresolved"]);
    expect(loadOutcomes(storePath).filter((o) => !o.recovered)).toHaveLength(outcomes.length - 1);
    const after = withErrorBoundary(recovering(), options);
    expect(after.summary().thresholds.errorRepeats).toBe(4);
  });

  it("under the default policy, warnings at work that then completed move the loop threshold, and a later run is not warned", async () => {
    const storePath = join(dir, "outcomes.json");
    const Job = Annotation.Root({
      status: Annotation<string>({ reducer: (_, next) => next, default: () => "queued" }),
      checkedAt: Annotation<string>({ reducer: (_, next) => next, default: () => "" }),
    });
    // A job poll that succeeds at the fourth poll: the first three look alike (a warning).
    const poll = () => {
      let polls = 0;
      return new StateGraph(Job)
        .addNode("poll", () => ({ status: ++polls >= 4 ? "succeeded" : "running", checkedAt: new Date().toISOString() }))
        .addEdge(START, "poll")
        .addConditionalEdges("poll", (state) => (state.status === "succeeded" ? END : "poll"))
        .compile();
    };
    const runOnce = async () => {
      const bounded = withErrorBoundary(poll(), { adaptive: { storePath } });
      const result = await bounded.invoke({});
      return { result, summary: bounded.summary() };
    };

    const first = await runOnce();
    expect(first.result.boundary).toBeUndefined();
    expect(first.summary.warnings).toEqual([expect.objectContaining({ source: "detection" })]);
    await runOnce();
    expect(loadOutcomes(storePath)).toEqual([
      expect.objectContaining({ detection: "repeated_state", intervention: "continue", recovered: true }),
      expect.objectContaining({ detection: "repeated_state", intervention: "continue", recovered: true }),
    ]);

    const third = await runOnce();
    expect(third.summary.thresholds.loopRepeats).toBe(4);
    expect(third.summary.warnings).toEqual([]);
    expect(third.summary.detections).toEqual([]);
  });

  it("reports an unreadable store as a fault and runs with the base thresholds", async () => {
    const storePath = join(dir, "outcomes.json");
    writeFileSync(storePath, "not json");
    const graph = repairLoopGraph({ attempts: [{ code: "x", passed: 1 }], total: 1 });
    const bounded = withErrorBoundary(graph, { adaptive: { storePath } });

    expect(await bounded.invoke({})).toMatchObject({ passed: 1 });
    expect(bounded.summary().faults).toEqual([expect.objectContaining({ where: `adaptive store ${storePath}`, disabled: "adaptive thresholds" })]);
    expect(bounded.summary().disabled).toEqual(["adaptive thresholds"]);
    expect(bounded.summary().thresholds).toEqual(DEFAULT_THRESHOLDS);
  });
});
