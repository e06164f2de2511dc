import type { Detection } from "../detection.js";
import type { NodeObservation } from "../node-observation.js";
import { involving } from "./involving.js";

/**
 * The progress measure (e.g. tests passed) did not rise above its best earlier value in
 * `window` attempts in a row. Slow but steady progress never triggers it: any new best
 * within the window resets the count.
 */
export class NoProgressDetector {
  private best: number | undefined;
  private since: NodeObservation[] = [];

  constructor(private readonly window: number) {}

  observe(observation: NodeObservation): Detection | undefined {
    const value = observation.progress;
    if (value === undefined || !Number.isFinite(value)) return undefined;
    if (this.best === undefined || value > this.best) {
      this.best = value;
      this.since = [];
      return undefined;
    }
    this.since.push(observation);
    if (this.since.length < this.window) return undefined;
    const involved = this.since;
    const best = this.best;
    this.since = [];
    return {
      kind: "no_progress",
      at: observation.index,
      node: observation.node,
      ...involving(involved),
      progress: [best, ...involved.map((o) => o.progress ?? 0)],
      explanation: `progress has not risen above ${best} in the last ${this.window} attempts (${involved.map((o) => o.progress).join(", ")})`,
    };
  }
}
