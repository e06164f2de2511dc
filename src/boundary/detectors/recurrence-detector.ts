import type { Detection } from "../detection.js";
import type { NodeObservation } from "../node-observation.js";
import { involving, shortSignature } from "./involving.js";

/**
 * With a custom state signature: the same signature coming back `repeats` times within the
 * last `window` signed observations, even with other states in between (A, B, A, C, A).
 */
export class RecurrenceDetector {
  private history: NodeObservation[] = [];

  constructor(
    private readonly repeats: number,
    private readonly window: number,
  ) {}

  observe(observation: NodeObservation): Detection | undefined {
    if (observation.signature === undefined) return undefined;
    this.history.push(observation);
    if (this.history.length > this.window) this.history.splice(0, this.history.length - this.window);
    const same = this.history.filter((o) => o.signature === observation.signature);
    if (same.length < this.repeats) return undefined;
    this.history = [];
    return {
      kind: "repeated_state",
      at: observation.index,
      node: observation.node,
      ...involving(same),
      signatures: same.map((o) => o.signature ?? ""),
      explanation: `the state signature ${shortSignature(observation.signature)} came back ${same.length} times within ${this.window} observations (node executions ${same.map((o) => o.index).join(", ")})`,
    };
  }
}
