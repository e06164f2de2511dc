import { describe, expect, it } from "vitest";
import type { CallSample } from "../state-size.js";
import { fitLine, SlowLeakDetector } from "./slow-leak-detector.js";

const call = (n: number, inputTokens: number): CallSample => ({ call: n, node: "agent", step: 2 * n, inputTokens, estimated: false });

/** Feeds a series of input tokens; returns the detections, with the call each came at. */
function feed(detector: SlowLeakDetector, inputs: number[], progress: (i: number) => number | undefined = () => undefined) {
  return inputs.flatMap((tokens, i) => {
    const found = detector.observe(call(i + 1, tokens), i + 1, progress(i));
    return found === undefined ? [] : [{ at: i + 1, detection: found }];
  });
}

describe("fitLine", () => {
  it("fits a straight line exactly and a flat one not at all", () => {
    expect(fitLine([100, 150, 200, 250])).toEqual({ slope: 50, intercept: 100, fit: 1 });
    expect(fitLine([300, 300, 300]).fit).toBe(0);
    const noisy = fitLine([100, 400, 120, 380, 110]);
    expect(noisy.fit).toBeLessThan(0.1);
  });
});

describe("SlowLeakDetector", () => {
  it("finds input tokens that climb a little with every call, with the slope and fit of the window", () => {
    // A conversation carrying its whole history: about +60 tokens a call.
    const inputs = Array.from({ length: 10 }, (_, i) => 400 + 60 * i + (i % 2) * 7);
    const found = feed(new SlowLeakDetector(8, 1, 0.9), inputs);

    expect(found.map((f) => f.at)).toEqual([8]);
    const { detection } = found[0];
    expect(detection).toMatchObject({ kind: "slow_leak", node: "agent", steps: [2, 4, 6, 8, 10, 12, 14, 16] });
    expect(detection.growth?.values).toEqual(inputs.slice(0, 8));
    expect(detection.growth?.slope).toBeGreaterThan(55);
    expect(detection.growth?.fit).toBeGreaterThan(0.99);
    expect(detection.explanation).toMatch(/^input tokens per model call rose steadily over the last 8 calls \(400 to 827/);
  });

  it("lets alone a rise too small for the window, one big call, and spending that rises with progress", () => {
    const gentle = Array.from({ length: 12 }, (_, i) => 2000 + 40 * i);
    expect(feed(new SlowLeakDetector(8, 1, 0.9), gentle)).toEqual([]);

    const jump = [300, 310, 305, 300, 2900, 310, 305, 300, 310];
    expect(feed(new SlowLeakDetector(8, 1, 0.9), jump)).toEqual([]);

    const climbing = Array.from({ length: 12 }, (_, i) => 400 + 100 * i);
    expect(feed(new SlowLeakDetector(8, 1, 0.9), climbing, (i) => Math.floor(i / 3))).toEqual([]);
    expect(feed(new SlowLeakDetector(8, 1, 0.9), climbing, () => 2)).toHaveLength(1);
  });

  it("starts afresh after a detection and after a reset", () => {
    const detector = new SlowLeakDetector(4, 1, 0.9);
    expect(feed(detector, [100, 200, 300, 400, 500, 600, 700]).map((f) => f.at)).toEqual([4]);
    detector.reset();
    expect(feed(detector, [100, 200, 300]).length).toBe(0);
  });
});
