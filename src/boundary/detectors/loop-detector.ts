import type { Detection } from "../detection.js";
import type { NodeObservation } from "../node-observation.js";
import { involving, shortSignature } from "./involving.js";

/**
 * Finds a block of node executions repeating with identical signatures: the same update over
 * and over (period 1, `repeated_state`), two nodes bouncing the same updates back and forth
 * (period 2, `alternation`), or a longer cycle (`repeated_state` with its period). A node
 * whose update stays the same while others change (a validator reporting "fail" while the
 * code changes) is no loop: the whole block has to repeat.
 */
export class LoopDetector {
  private history: NodeObservation[] = [];

  constructor(
    private readonly repeats: number,
    private readonly maxPeriod: number,
  ) {}

  observe(observation: NodeObservation): Detection | undefined {
    if (observation.signature === undefined) return undefined;
    this.history.push(observation);
    const keep = this.repeats * this.maxPeriod;
    if (this.history.length > keep) this.history.splice(0, this.history.length - keep);
    for (let period = 1; period <= this.maxPeriod; period += 1) {
      const span = period * this.repeats;
      if (this.history.length < span) break;
      const window = this.history.slice(-span);
      if (repeatsWithPeriod(window, period)) {
        this.history = [];
        return describe(window, period, this.repeats);
      }
    }
    return undefined;
  }
}

function repeatsWithPeriod(window: NodeObservation[], period: number): boolean {
  for (let i = period; i < window.length; i += 1) {
    const a = window[i];
    const b = window[i - period];
    if (a.signature !== b.signature || a.node !== b.node) return false;
  }
  return true;
}

function describe(window: NodeObservation[], period: number, repeats: number): Detection {
  const block = window.slice(0, period);
  const last = window[window.length - 1];
  const signatures = block.map((o) => `${o.node}:${o.signature}`);
  const base = { at: last.index, node: last.node, ...involving(window), signatures, period };
  if (period === 1) {
    return {
      kind: "repeated_state",
      ...base,
      explanation: `node "${last.node}" produced the same update ${repeats} times in a row (signature ${shortSignature(last.signature ?? "")})`,
    };
  }
  const cycle = block.map((o) => o.node).join(" -> ");
  if (period === 2) {
    return {
      kind: "alternation",
      ...base,
      explanation: `nodes alternate with identical updates: ${cycle} repeated ${repeats} times (signatures ${block.map((o) => shortSignature(o.signature ?? "")).join(", ")})`,
    };
  }
  return {
    kind: "repeated_state",
    ...base,
    explanation: `the cycle ${cycle} repeated ${repeats} times with identical updates`,
  };
}
