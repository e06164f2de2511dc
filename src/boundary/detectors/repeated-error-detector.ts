import type { Detection } from "../detection.js";
import type { NodeObservation } from "../node-observation.js";
import { involving } from "./involving.js";

/** The same normalized error in `repeats` consecutive attempts that reported one. */
export class RepeatedErrorDetector {
  private history: NodeObservation[] = [];

  constructor(private readonly repeats: number) {}

  observe(observation: NodeObservation): Detection | undefined {
    if (observation.error === undefined) return undefined;
    this.history.push(observation);
    if (this.history.length > this.repeats) this.history.shift();
    if (this.history.length < this.repeats || this.history.some((o) => o.error !== observation.error)) return undefined;
    const involved = this.history;
    this.history = [];
    return {
      kind: "repeated_error",
      at: observation.index,
      node: observation.node,
      ...involving(involved),
      error: observation.error,
      explanation: `the same error came back in ${this.repeats} consecutive attempts: ${JSON.stringify(observation.error)}`,
    };
  }
}
