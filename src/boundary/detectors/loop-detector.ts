import type { Detection } from "../detection.js";
import type { NodeObservation } from "../node-observation.js";
import type { UpdateMatcher } from "../update-matcher.js";
import { involving, shortSignature } from "./involving.js";

/**
 * Finds a block of node executions repeating with the same updates: the same update over
 * and over (period 1, `repeated_state`), two nodes bouncing the same updates back and forth
 * (period 2, `alternation`), or a longer cycle (`repeated_state` with its period). "The
 * same" is the matcher's: equal shapes, similar texts, numbers only counted on. A node
 * whose update stays the same while others change (a validator reporting "fail" while the
 * code changes) is no loop: the whole block has to repeat. A block of nodes allowed more
 * repeats (`expectRepeats`) needs that many.
 */
export class LoopDetector {
  private history: NodeObservation[] = [];

  constructor(
    private repeats: number,
    private readonly maxPeriod: number,
    private readonly matcher: UpdateMatcher,
    private readonly allowance: (node: string) => number,
  ) {}

  /** After a first detection: one repeat fewer makes the next one. */
  tighten(): void {
    this.repeats = Math.max(2, this.repeats - 1);
  }

  observe(observation: NodeObservation): Detection | undefined {
    if (observation.signature === undefined) return undefined;
    this.history.push(observation);
    const keep = this.required(this.history.map((o) => o.node)) * this.maxPeriod;
    if (this.history.length > keep) this.history.splice(0, this.history.length - keep);
    for (let period = 1; period <= this.maxPeriod; period += 1) {
      if (this.history.length < period) break;
      const repeats = this.required(this.history.slice(-period).map((o) => o.node));
      const span = period * repeats;
      if (this.history.length < span) continue;
      const window = this.history.slice(-span);
      if (this.repeatsWithPeriod(window, period)) {
        this.history = [];
        return describe(window, period, repeats);
      }
    }
    return undefined;
  }

  private required(nodes: string[]): number {
    return Math.max(this.repeats, ...nodes.map(this.allowance));
  }

  private repeatsWithPeriod(window: NodeObservation[], period: number): boolean {
    for (let i = period; i < window.length; i += 1) {
      if (!this.matcher.same(window[i - period], window[i], period)) return false;
    }
    return true;
  }
}

function describe(window: NodeObservation[], period: number, repeats: number): Detection {
  const block = window.slice(0, period);
  const last = window[window.length - 1];
  const signatures = block.map((o) => `${o.node}:${o.signature}`);
  const base = { at: last.index, node: last.node, ...involving(window), signatures, period };
  const exact = window.every((o, i) => i < period || contentOf(o) === contentOf(window[i - period]));
  if (period === 1) {
    return {
      kind: "repeated_state",
      ...base,
      explanation: `node "${last.node}" produced ${exact ? "the same" : "a similar"} update ${repeats} times in a row (signature ${shortSignature(last.signature ?? "")})`,
    };
  }
  const cycle = block.map((o) => o.node).join(" -> ");
  if (period === 2) {
    return {
      kind: "alternation",
      ...base,
      explanation: `nodes alternate with ${exact ? "identical" : "similar"} updates: ${cycle} repeated ${repeats} times (signatures ${block.map((o) => shortSignature(o.signature ?? "")).join(", ")})`,
    };
  }
  return {
    kind: "repeated_state",
    ...base,
    explanation: `the cycle ${cycle} repeated ${repeats} times with ${exact ? "identical" : "similar"} updates`,
  };
}

/** Everything compared of an execution, for telling identical repeats from similar ones. */
function contentOf(observation: NodeObservation): string {
  const { fingerprint, signature } = observation;
  return fingerprint === undefined ? (signature ?? "") : JSON.stringify([fingerprint.shape, fingerprint.texts, fingerprint.numbers.map(([, n]) => n)]);
}
