import type { Detection } from "./detection.js";
import type { DetectionThresholds } from "./detection-thresholds.js";
import { LoopDetector } from "./detectors/loop-detector.js";
import { NoProgressDetector } from "./detectors/no-progress-detector.js";
import { RecurrenceDetector } from "./detectors/recurrence-detector.js";
import { RepeatedErrorDetector } from "./detectors/repeated-error-detector.js";
import { SimilarCodeDetector } from "./detectors/similar-code-detector.js";
import type { NodeObservation } from "./node-observation.js";
import { UpdateMatcher } from "./update-matcher.js";

interface PatternDetector {
  observe(observation: NodeObservation): Detection | undefined;
  tighten?(): void;
}

/** How the stuck detector is set up for a run. */
export interface StuckDetectorOptions {
  customSignature: boolean;
  measuresProgress: boolean;
  /** Repeats a node is allowed before its repeating counts as a loop (`expectRepeats`). */
  expectRepeats?: Record<string, number>;
  /** A detector threw: it is switched off for the rest of the run, the others go on. */
  onFault?: (detector: string, error: unknown) => void;
}

/**
 * Runs every stuck detector over each node execution. A detector that fires forgets the
 * evidence it used, so the next detection of that kind needs a fresh full window.
 */
export class StuckDetector {
  private readonly detectors: Map<string, PatternDetector>;

  constructor(
    thresholds: DetectionThresholds,
    private readonly options: StuckDetectorOptions,
  ) {
    const allowance = (node: string) => options.expectRepeats?.[node] ?? 0;
    const matcher = new UpdateMatcher(thresholds);
    this.detectors = new Map<string, PatternDetector>([
      ["loop detector", new LoopDetector(thresholds.loopRepeats, thresholds.loopMaxPeriod, matcher, allowance)],
      // Recurrence with gaps only means something for a state signature: per-node update
      // hashes legitimately recur (a validator reporting the same failure for new code).
      ...(options.customSignature
        ? [["recurrence detector", new RecurrenceDetector(thresholds.signatureRepeats, thresholds.signatureWindow)] as const]
        : []),
      ["repeated-error detector", new RepeatedErrorDetector(thresholds.errorRepeats, allowance)],
      ["no-progress detector", new NoProgressDetector(thresholds.progressWindow)],
      [
        "similar-code detector",
        new SimilarCodeDetector({
          threshold: thresholds.similarity,
          similarRepeats: thresholds.similarRepeats,
          identicalRepeats: thresholds.identicalRepeats,
          window: thresholds.similarityWindow,
          awaitProgress: options.measuresProgress,
        }),
      ],
    ]);
  }

  /** Names of the detectors still running. */
  get running(): string[] {
    return [...this.detectors.keys()];
  }

  observe(observation: NodeObservation): Detection[] {
    const found: Detection[] = [];
    for (const [name, detector] of this.detectors) {
      let detection: Detection | undefined;
      try {
        detection = detector.observe(observation);
      } catch (error) {
        this.detectors.delete(name);
        this.options.onFault?.(name, error);
        continue;
      }
      // A loop and a recurrence can both see one repeated state: report it once.
      if (detection !== undefined && !found.some((d) => d.kind === detection.kind)) found.push(detection);
    }
    return found;
  }

  /** A detection was let through with a warning: repeating patterns need fewer repeats from now on. */
  watchClosely(): void {
    for (const detector of this.detectors.values()) detector.tighten?.();
  }
}
