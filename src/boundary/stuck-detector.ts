import type { Detection } from "./detection.js";
import type { DetectionThresholds } from "./detection-thresholds.js";
import { LoopDetector } from "./detectors/loop-detector.js";
import { NoProgressDetector } from "./detectors/no-progress-detector.js";
import { RecurrenceDetector } from "./detectors/recurrence-detector.js";
import { RepeatedErrorDetector } from "./detectors/repeated-error-detector.js";
import { SimilarCodeDetector } from "./detectors/similar-code-detector.js";
import type { NodeObservation } from "./node-observation.js";

interface PatternDetector {
  observe(observation: NodeObservation): Detection | undefined;
}

/**
 * Runs every stuck detector over each node execution. A detector that fires forgets the
 * evidence it used, so the next detection of that kind needs a fresh full window.
 */
export class StuckDetector {
  private readonly detectors: PatternDetector[];

  constructor(thresholds: DetectionThresholds, options: { customSignature: boolean; measuresProgress: boolean }) {
    this.detectors = [
      new LoopDetector(thresholds.loopRepeats, thresholds.loopMaxPeriod),
      // Recurrence with gaps only means something for a state signature: per-node update
      // hashes legitimately recur (a validator reporting the same failure for new code).
      ...(options.customSignature ? [new RecurrenceDetector(thresholds.signatureRepeats, thresholds.signatureWindow)] : []),
      new RepeatedErrorDetector(thresholds.errorRepeats),
      new NoProgressDetector(thresholds.progressWindow),
      new SimilarCodeDetector({
        threshold: thresholds.similarity,
        similarRepeats: thresholds.similarRepeats,
        identicalRepeats: thresholds.identicalRepeats,
        window: thresholds.similarityWindow,
        awaitProgress: options.measuresProgress,
      }),
    ];
  }

  observe(observation: NodeObservation): Detection[] {
    const found: Detection[] = [];
    for (const detector of this.detectors) {
      const detection = detector.observe(observation);
      // A loop and a recurrence can both see one repeated state: report it once.
      if (detection !== undefined && !found.some((d) => d.kind === detection.kind)) found.push(detection);
    }
    return found;
  }
}
