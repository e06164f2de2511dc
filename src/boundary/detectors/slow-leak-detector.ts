import type { Detection } from "../detection.js";
import type { CallSample } from "../state-size.js";

/** One model call as the slow-leak detector keeps it. */
interface LeakPoint {
  sample: CallSample;
  superstep: number;
  /** The best progress figure of the run when the call ended (undefined: none yet, or no extractor). */
  bestProgress: number | undefined;
}

/** A least-squares line through a series: its slope and how well it fits (R², 0..1). */
export interface LineFit {
  slope: number;
  intercept: number;
  fit: number;
}

/** Fits y = intercept + slope * x over x = 0, 1, 2, ... */
export function fitLine(values: readonly number[]): LineFit {
  const n = values.length;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((sum, y) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  values.forEach((y, x) => {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
    syy += (y - meanY) ** 2;
  });
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const intercept = meanY - slope * meanX;
  // A flat series explains nothing: no fit, so no leak.
  const fit = syy === 0 || sxx === 0 ? 0 : (sxy * sxy) / (sxx * syy);
  return { slope, intercept, fit };
}

/**
 * Spending that creeps: the input tokens of each model call rise steadily (a line fitted
 * over the last `window` calls has a good fit and rises by at least `growth` of its start
 * across the window) while progress stalls (the best progress figure did not rise within
 * those calls; without a `progress` extractor it cannot rise). No single call passes a
 * limit, but each one carries a little more of the history than the one before.
 */
export class SlowLeakDetector {
  private points: LeakPoint[] = [];

  constructor(
    private readonly window: number,
    private readonly growth: number,
    private readonly minFit: number,
  ) {}

  observe(sample: CallSample, superstep: number, bestProgress: number | undefined): Detection | undefined {
    this.points.push({ sample, superstep, bestProgress });
    if (this.points.length > this.window) this.points.shift();
    if (this.points.length < this.window) return undefined;
    const first = this.points[0];
    const last = this.points[this.points.length - 1];
    if (last.bestProgress !== undefined && last.bestProgress !== first.bestProgress) return undefined;
    const values = this.points.map((p) => p.sample.inputTokens);
    const line = fitLine(values);
    const start = Math.max(1, line.intercept);
    const rise = line.slope * (values.length - 1);
    if (line.slope <= 0 || line.fit < this.minFit || rise < this.growth * start) return undefined;
    const points = this.points;
    this.points = [];
    const slope = Math.round(line.slope * 10) / 10;
    const fit = Math.round(line.fit * 1000) / 1000;
    return {
      kind: "slow_leak",
      at: last.sample.step,
      node: last.sample.node ?? "(no node)",
      nodes: [...new Set(points.map((p) => p.sample.node ?? "(no node)"))],
      steps: [...new Set(points.map((p) => p.sample.step))],
      supersteps: [...new Set(points.map((p) => p.superstep))],
      growth: { measure: "input_tokens", values, slope, fit },
      explanation:
        `input tokens per model call rose steadily over the last ${values.length} calls ` +
        `(${values[0]} to ${values[values.length - 1]}, about +${slope} per call, line fit R² ${fit}) while progress stalled`,
    };
  }

  /** After the state was compressed: the calls before it say nothing about the calls after. */
  reset(): void {
    this.points = [];
  }
}
