import { describe, expect, it } from "vitest";
import type { Detection, DetectionKind } from "./detection.js";
import type { InterventionRecord } from "./intervention.js";
import { escalatingPolicy, growthPolicy, type PolicyContext, watchPolicy } from "./intervention-policy.js";

const detection = (kind: DetectionKind, at: number): Detection => ({
  kind,
  at,
  node: "agent",
  nodes: ["agent"],
  steps: [at],
  supersteps: [at],
  explanation: `${kind} at ${at}`,
});

const record = (kind: InterventionRecord["kind"], on: Detection, applied = true): InterventionRecord => ({
  id: 1,
  kind,
  trigger: { type: "detection", detection: on },
  at: on.at,
  applied,
  detail: "",
  outcome: "pending",
});

function context(interventions: InterventionRecord[], canCompress = true): PolicyContext {
  return {
    detections: interventions.map((r) => (r.trigger.type === "detection" ? r.trigger.detection : detection("no_progress", 0))),
    interventions,
    previousStuck: 0,
    hasCheckpointer: canCompress,
    canCompress,
  };
}

const on = (d: Detection) => ({ type: "detection" as const, detection: d });

describe("growthPolicy", () => {
  it("compresses a state over its budget, again each time it grows back, and stops when a compression did not help", () => {
    const first = detection("state_size", 7);
    expect(growthPolicy(on(first), context([]))).toBe("compress");
    // Grown back after nodes ran: compress again.
    const later = detection("state_size", 12);
    expect(growthPolicy(on(later), context([record("compress", first)]))).toBe("compress");
    // Still over before any node ran: the compression did not help.
    expect(growthPolicy(on(detection("state_size", 7)), context([record("compress", first)]))).toBe("terminate");
    // A compression that was not applied (it failed) does not count as help either.
    expect(growthPolicy(on(later), context([record("compress", first, false)]))).toBe("terminate");
  });

  it("without compression, stops a state over its budget at once and warns once about a slow leak", () => {
    expect(growthPolicy(on(detection("state_size", 7)), context([], false))).toBe("terminate");
    const leak = detection("slow_leak", 16);
    expect(growthPolicy(on(leak), context([], false))).toBe("continue");
    expect(growthPolicy(on(detection("slow_leak", 32)), context([record("continue", leak)], false))).toBe("terminate");
  });
});

describe("the policies that come with the boundary, on growth", () => {
  it("watchPolicy and escalatingPolicy compress first, and growth does not count as a stuck detection", () => {
    const escalating = escalatingPolicy([{ kind: "modify_prompt" }, "terminate"]);
    const leak = detection("slow_leak", 16);
    expect(watchPolicy(on(leak), context([]))).toBe("compress");
    expect(escalating(on(leak), context([]))).toBe("compress");
    // After a compression, a first loop detection still gets the first step.
    const loop = detection("repeated_state", 20);
    expect(watchPolicy(on(loop), context([record("compress", leak)]))).toBe("continue");
    expect(escalating(on(loop), context([record("compress", leak)]))).toEqual({ kind: "modify_prompt" });
  });
});
