import type { Growth } from "./boundary-report.js";
import type { Detection } from "./detection.js";
import type { DetectionThresholds } from "./detection-thresholds.js";
import { SlowLeakDetector } from "./detectors/slow-leak-detector.js";
import { type CallSample, type StateSize, type StateSizeSample, measureState } from "./state-size.js";

/** A state budget a measured state passes. */
export interface StateOverrun {
  budget: "state_bytes" | "messages";
  limit: number;
  used: number;
}

/**
 * What the boundary sees of a run's growth: the state's size before each superstep, the
 * input tokens of each model call, and the detections they make (`state_size` when a state
 * budget is passed, `slow_leak` from the fitted input tokens).
 */
export class GrowthMonitor {
  private readonly state: StateSizeSample[] = [];
  private readonly calls: CallSample[] = [];
  private readonly leak: SlowLeakDetector;
  private measuredSuperstep: number | undefined;
  private over = false;

  constructor(
    thresholds: DetectionThresholds,
    private readonly messagesKey: string | undefined,
    private readonly countTokens: boolean,
    /** Observe mode: a state over its budget is one detection per crossing, not one per superstep. */
    private readonly crossingsOnly: boolean,
  ) {
    this.leak = new SlowLeakDetector(thresholds.leakWindow, thresholds.leakGrowth, thresholds.leakFit);
  }

  /**
   * Measures the state before a superstep (once, whichever of its nodes starts first);
   * `check` says which state budget it passes. Returns the detection when it passes one.
   * Throws when the state cannot be measured (it cannot be serialized).
   */
  beforeSuperstep(
    state: unknown,
    at: { node: string; superstep: number; step: number },
    check: (size: StateSize) => StateOverrun | undefined,
  ): Detection | undefined {
    if (at.superstep === this.measuredSuperstep) return undefined;
    this.measuredSuperstep = at.superstep;
    const size = this.measure(state, this.countTokens);
    this.state.push({ ...at, ...size });
    const over = check(size);
    const crossed = over !== undefined && !this.over;
    this.over = over !== undefined;
    if (over === undefined || (this.crossingsOnly && !crossed)) return undefined;
    const what = over.budget === "state_bytes" ? `${over.used} bytes` : `${over.used} messages`;
    const tokens = size.messageTokens === undefined ? "" : `, ${size.messageTokens} tokens of messages`;
    return {
      kind: "state_size",
      at: at.step,
      node: at.node,
      nodes: [at.node],
      steps: [at.step],
      supersteps: [at.superstep],
      growth: { measure: over.budget, values: [over.used], limit: over.limit, state: size },
      explanation: `the state holds ${what}, over its budget of ${over.limit} (${size.bytes} bytes, ${size.messages} messages${tokens})`,
    };
  }

  /**
   * Records a model call's input tokens; with `detect`, fits the slow-leak line. Throws
   * when the detector fails (the sample is recorded all the same).
   */
  afterCall(
    call: Omit<CallSample, "call">,
    superstep: number,
    bestProgress: number | undefined,
    detect: boolean,
  ): Detection | undefined {
    const sample: CallSample = { call: this.calls.length + 1, ...call };
    this.calls.push(sample);
    return detect ? this.leak.observe(sample, superstep, bestProgress) : undefined;
  }

  /** The state was compressed: the calls before say nothing about the calls after. */
  compressed(): void {
    this.leak.reset();
  }

  /** A state's size as this run measures it (`countTokens`: always, for compression records). */
  measure(state: unknown, countTokens = true): StateSize {
    return measureState(state, this.messagesKey, countTokens);
  }

  figures(): Growth {
    return { state: this.state.map((s) => ({ ...s })), calls: this.calls.map((c) => ({ ...c })) };
  }
}
