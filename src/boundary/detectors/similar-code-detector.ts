import type { Detection, SimilarityFigure } from "../detection.js";
import type { NodeObservation } from "../node-observation.js";
import { textSimilarity } from "../text-similarity.js";
import { involving } from "./involving.js";

interface Settings {
  /** Ratio at or above which two codes are near-identical. */
  threshold: number;
  similarRepeats: number;
  identicalRepeats: number;
  /** Earlier codes each new one is compared with. */
  window: number;
  /** Whether a progress figure follows each attempt: then a streak waits for it before firing. */
  awaitProgress: boolean;
}

interface StreakEntry {
  observation: NodeObservation;
  figure: SimilarityFigure;
}

/**
 * Attempts whose code is near-identical (or identical) to an earlier attempt's, several in a
 * row, with no progress: the run keeps rewriting the same thing. Each new code is compared
 * with the last few by a character-level diff ratio. When there is a progress measure, a
 * full streak fires only once the latest attempt's figure is in and did not rise: small,
 * successful fixes also look alike.
 */
export class SimilarCodeDetector {
  private codes: NodeObservation[] = [];
  private streak: StreakEntry[] = [];
  private best: number | undefined;
  private bestAtStreakStart: number | undefined;
  private armed = false;

  constructor(private readonly settings: Settings) {}

  observe(observation: NodeObservation): Detection | undefined {
    const { progress, code } = observation;
    if (code !== undefined) this.addCode(observation, code);
    if (progress !== undefined && Number.isFinite(progress)) {
      if (this.best === undefined || progress > this.best) this.best = progress;
      // The attempts of the streak made progress after all: small fixes that work.
      if (this.streak.length > 0 && this.best !== this.bestAtStreakStart) this.reset();
      return this.armed ? this.fire(observation) : undefined;
    }
    return this.armed && !this.settings.awaitProgress ? this.fire(observation) : undefined;
  }

  private addCode(observation: NodeObservation, code: string): void {
    const figure = this.closest(observation, code);
    this.codes.push(observation);
    if (this.codes.length > this.settings.window) this.codes.shift();
    if (figure === undefined || figure.ratio < this.settings.threshold) {
      this.reset();
      return;
    }
    if (this.streak.length === 0) this.bestAtStreakStart = this.best;
    this.streak.push({ observation, figure });
    if (this.full()) this.armed = true;
  }

  private full(): boolean {
    const identical = trailing(this.streak, (entry) => entry.figure.ratio === 1);
    return this.streak.length >= this.settings.similarRepeats || identical >= this.settings.identicalRepeats;
  }

  private fire(observation: NodeObservation): Detection {
    const streak = this.streak;
    const last = streak[streak.length - 1].observation;
    this.reset();
    this.codes = [last];
    const similarities = streak.map((entry) => entry.figure);
    const allIdentical = similarities.every((s) => s.ratio === 1);
    return {
      kind: "similar_code",
      at: observation.index,
      node: last.node,
      ...involving(streak.map((entry) => entry.observation)),
      similarities,
      ...(this.best === undefined ? {} : { progress: [this.best] }),
      explanation: `${streak.length} attempts in a row rewrote ${allIdentical ? "identical" : "near-identical"} code without progress (similarity ${similarities
        .map((s) => `${s.ratio.toFixed(3)} between executions ${s.from} and ${s.to}`)
        .join("; ")}; threshold ${this.settings.threshold})`,
    };
  }

  private reset(): void {
    this.streak = [];
    this.armed = false;
  }

  private closest(observation: NodeObservation, code: string): SimilarityFigure | undefined {
    let closest: SimilarityFigure | undefined;
    for (const earlier of this.codes) {
      const ratio = textSimilarity(earlier.code ?? "", code);
      // On a tie the latest attempt is the one it repeats.
      if (closest === undefined || ratio >= closest.ratio) closest = { from: earlier.index, to: observation.index, ratio };
    }
    return closest;
  }
}

function trailing<T>(items: readonly T[], test: (item: T) => boolean): number {
  let count = 0;
  for (let i = items.length - 1; i >= 0 && test(items[i]); i -= 1) count += 1;
  return count;
}
