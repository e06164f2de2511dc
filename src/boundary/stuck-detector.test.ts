import { describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLDS, type DetectionThresholds } from "./detection-thresholds.js";
import type { NodeObservation } from "./node-observation.js";
import { StuckDetector } from "./stuck-detector.js";

/** Feeds observations in order and returns, per observation, the kinds detected. */
function run(
  observations: Omit<NodeObservation, "index" | "superstep">[],
  options: { thresholds?: Partial<DetectionThresholds>; customSignature?: boolean; measuresProgress?: boolean } = {},
) {
  const detector = new StuckDetector(
    { ...DEFAULT_THRESHOLDS, ...options.thresholds },
    { customSignature: options.customSignature ?? false, measuresProgress: options.measuresProgress ?? false },
  );
  return observations.map((o, i) => detector.observe({ ...o, index: i + 1, superstep: i + 1 }));
}

const program = (body: string) =>
  [
    "def median(values):",
    '    """The middle value of a non-empty list of numbers."""',
    "    if not values:",
    '        raise ValueError("median of an empty list")',
    "    ordered = sorted(values)",
    "    middle = len(ordered) // 2",
    body,
    "    return ordered[middle]",
    "",
  ].join("\n");

describe("StuckDetector", () => {
  it("finds the same update repeating and explains it", () => {
    const found = run([1, 2, 3].map(() => ({ node: "poll", signature: "s1" })));
    expect(found.slice(0, 2)).toEqual([[], []]);
    expect(found[2]).toEqual([
      expect.objectContaining({ kind: "repeated_state", period: 1, nodes: ["poll"], steps: [1, 2, 3], supersteps: [1, 2, 3] }),
    ]);
    expect(found[2][0].explanation).toMatch(/"poll" produced the same update 3 times/);
  });

  it("finds an A-B-A-B alternation with its signatures", () => {
    const found = run(["a", "b", "a", "b", "a", "b"].map((node) => ({ node, signature: `${node}-sig` })));
    expect(found.slice(0, 5).flat()).toEqual([]);
    expect(found[5]).toEqual([
      expect.objectContaining({ kind: "alternation", period: 2, nodes: ["a", "b"], signatures: ["a:a-sig", "b:b-sig"] }),
    ]);
    expect(found[5][0].explanation).toMatch(/a -> b repeated 3 times/);
  });

  it("finds a longer cycle", () => {
    const nodes = ["plan", "act", "observe"];
    const found = run([...nodes, ...nodes, ...nodes].map((node) => ({ node, signature: node })));
    expect(found[8]).toEqual([expect.objectContaining({ kind: "repeated_state", period: 3 })]);
    expect(found[8][0].explanation).toMatch(/plan -> act -> observe repeated 3 times/);
  });

  it("does not take a node with a steady update among changing ones for a loop", () => {
    const found = run(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0 ? { node: "repair", signature: `code-${i}` } : { node: "validate", signature: "fail" },
      ),
    );
    expect(found.flat()).toEqual([]);
  });

  it("with a custom signature, finds a state coming back with other states in between", () => {
    const signatures = ["A", "B", "A", "C", "A"];
    const found = run(signatures.map((signature) => ({ node: "step", signature })), { customSignature: true });
    expect(found[4]).toEqual([expect.objectContaining({ kind: "repeated_state", steps: [1, 3, 5] })]);
  });

  it("skips updates a custom signature says nothing about", () => {
    const found = run(
      [
        { node: "fix", signature: "v1" },
        { node: "log" },
        { node: "fix", signature: "v1" },
        { node: "log" },
        { node: "fix", signature: "v1" },
      ],
      { customSignature: true },
    );
    expect(found[4]).toEqual([expect.objectContaining({ kind: "repeated_state", steps: [1, 3, 5] })]);
  });

  it("finds the same error in consecutive attempts, not errors that change", () => {
    const same = run([1, 2, 3, 4].map(() => ({ node: "check", error: "AssertionError: expected # got #" })));
    expect(same[3]).toEqual([expect.objectContaining({ kind: "repeated_error", error: "AssertionError: expected # got #" })]);
    const changing = run(["E1", "E2", "E1", "E2", "E1"].map((error) => ({ node: "check", error })));
    expect(changing.flat()).toEqual([]);
  });

  it("finds progress that stopped rising, with the figures", () => {
    const found = run([1, 2, 2, 1, 2, 2].map((progress) => ({ node: "check", progress })));
    expect(found.slice(0, 5).flat()).toEqual([]);
    expect(found[5]).toEqual([expect.objectContaining({ kind: "no_progress", progress: [2, 2, 1, 2, 2] })]);
  });

  it("leaves slow but steady progress alone", () => {
    const found = run([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4].map((progress) => ({ node: "check", progress })));
    expect(found.flat()).toEqual([]);
  });

  it("finds identical code rewritten, with similarity figures", () => {
    const code = program("    middle = middle");
    const found = run([1, 2, 3].map(() => ({ node: "repair", code })));
    expect(found[2]).toEqual([
      expect.objectContaining({
        kind: "similar_code",
        similarities: [
          { from: 1, to: 2, ratio: 1 },
          { from: 2, to: 3, ratio: 1 },
        ],
      }),
    ]);
    expect(found[2][0].explanation).toMatch(/identical code without progress/);
  });

  it("finds near-identical rewrites that go nowhere, and reports how alike they are", () => {
    const versions = ["    pass", "    pass  # try", "    pass  # again", "    pass  # once more"].map(program);
    const found = run(versions.map((code) => ({ node: "repair", code })));
    const detection = found[3][0];
    expect(detection).toMatchObject({ kind: "similar_code", steps: [2, 3, 4] });
    for (const figure of detection.similarities ?? []) expect(figure.ratio).toBeGreaterThan(0.9);
    for (const figure of detection.similarities ?? []) expect(figure.ratio).toBeLessThan(1);
  });

  it("waits for the latest attempt's progress before calling near-identical code stuck", () => {
    const versions = ["    pass", "    pass  # try", "    pass  # again", "    pass  # once more"].map(program);
    const observations = versions.flatMap((code, i) => [
      { node: "repair", code },
      // The fourth attempt's small change fixed a test.
      { node: "check", progress: i === 3 ? 1 : 0 },
    ]);
    expect(run(observations, { measuresProgress: true }).flat()).toEqual([]);
    const stuck = observations.map((o) => ("progress" in o ? { ...o, progress: 0 } : o));
    const found = run(stuck, { measuresProgress: true });
    expect(found.slice(0, 7).flat()).toEqual([]);
    expect(found[7]).toEqual([expect.objectContaining({ kind: "similar_code" })]);
  });

  it("needs a fresh window after it fired", () => {
    const found = run(Array.from({ length: 5 }, () => ({ node: "poll", signature: "same" })));
    expect(found.map((f) => f.length)).toEqual([0, 0, 1, 0, 0]);
  });
});

describe("StuckDetector fault isolation", () => {
  it("switches off a detector that throws and keeps the others running", () => {
    const faults: string[] = [];
    const detector = new StuckDetector(DEFAULT_THRESHOLDS, { customSignature: false, measuresProgress: false, onFault: (name) => faults.push(name) });
    // A fingerprint without its numbers makes the loop detector's comparison throw.
    const broken = { shape: "s", texts: [] } as unknown as NodeObservation["fingerprint"];
    const found = [1, 2, 3, 4].map((i) =>
      detector.observe({ index: i, superstep: i, node: "fetch", signature: "s", fingerprint: broken, error: "TimeoutError: no answer" }),
    );
    expect(faults).toEqual(["loop detector"]);
    expect(detector.running).not.toContain("loop detector");
    expect(found[3]).toEqual([expect.objectContaining({ kind: "repeated_error" })]);
  });
});
