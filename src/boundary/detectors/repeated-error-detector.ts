import type { Detection } from "../detection.js";
import type { NodeObservation } from "../node-observation.js";
import { involving } from "./involving.js";

/**
 * The same normalized error in `repeats` consecutive attempts that reported one (more when
 * the nodes involved are allowed more repeats).
 */
export class RepeatedErrorDetector {
  private history: NodeObservation[] = [];

  constructor(
    private repeats: number,
    private readonly allowance: (node: string) => number,
  ) {}

  /** After a first detection: one repeat fewer makes the next one. */
  tighten(): void {
    this.repeats = Math.max(2, this.repeats - 1);
  }

  observe(observation: NodeObservation): Detection | undefined {
    if (observation.error === undefined) return undefined;
    this.history.push(observation);
    const repeats = Math.max(this.repeats, ...this.history.map((o) => this.allowance(o.node)));
    if (this.history.length > repeats) this.history.splice(0, this.history.length - repeats);
    if (this.history.length < repeats || this.history.some((o) => o.error !== observation.error)) return undefined;
    const involved = this.history;
    this.history = [];
    return {
      kind: "repeated_error",
      at: observation.index,
      node: observation.node,
      ...involving(involved),
      error: observation.error,
      explanation: `the same error came back in ${repeats} consecutive attempts: ${JSON.stringify(observation.error)}`,
    };
  }
}
