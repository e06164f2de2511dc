import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import type { DetectionKind } from "./detection.js";
import type { DetectionThresholds } from "./detection-thresholds.js";
import type { InterventionKind } from "./intervention.js";

/** One resolved intervention, as kept in the adaptive store. */
export interface OutcomeRecord {
  detection: DetectionKind;
  intervention: InterventionKind;
  recovered: boolean;
  /** Seen in observe mode, where a detection changes nothing: recorded as a `continue`. */
  observed?: boolean;
  /** ISO time it was recorded. */
  at: string;
}

/** How the thresholds were adapted for a run. */
export interface AdaptiveAdjustment {
  storePath: string;
  /** Outcomes the adaptation looked at. */
  basedOn: number;
  /** One line per change, with its reason; empty when the record asked for none. */
  changes: string[];
}

type Knob = "loopRepeats" | "signatureRepeats" | "errorRepeats" | "progressWindow" | "similarity" | "similarRepeats";

/** Fixed bounds: adaptation never leaves them, whatever the record says. */
export const ADAPTIVE_BOUNDS: Readonly<Record<Knob, readonly [number, number]>> = {
  loopRepeats: [2, 5],
  signatureRepeats: [2, 6],
  errorRepeats: [2, 6],
  progressWindow: [2, 8],
  similarity: [0.9, 0.995],
  similarRepeats: [2, 5],
};

/** Which knobs decide how early each detector fires; a step "tighter" makes it fire sooner. */
const KNOBS: Record<DetectionKind, { knob: Knob; step: number }[]> = {
  repeated_state: [
    { knob: "loopRepeats", step: -1 },
    { knob: "signatureRepeats", step: -1 },
  ],
  alternation: [{ knob: "loopRepeats", step: -1 }],
  repeated_error: [{ knob: "errorRepeats", step: -1 }],
  no_progress: [{ knob: "progressWindow", step: -1 }],
  similar_code: [
    { knob: "similarity", step: -0.01 },
    { knob: "similarRepeats", step: -1 },
  ],
  // Growth is measured against budgets and a fitted line, not tuned from outcomes.
  state_size: [],
  slow_leak: [],
};

/** Recent outcomes per detector that are weighed. */
const RECENT = 20;
/** Net evidence needed before a threshold moves one step. */
const MARGIN = 2;
const KEPT = 500;

/**
 * Adapts detection thresholds from past outcomes. For each detector, an intervention that
 * helped (the run recovered after it) argues for detecting sooner; a `continue` after which
 * the run recovered anyway was a false alarm and argues for detecting later, unless as many
 * `continue`s were confirmed (the run stayed stuck: a new detection came within the recovery
 * window). When one side leads by `MARGIN` among the last `RECENT` outcomes, the detector's
 * thresholds move one step that way, within `ADAPTIVE_BOUNDS`.
 *
 * Observe mode's detections count as `continue`s: nothing was done about them. So a graph
 * watched in observe mode calibrates the thresholds it will later be enforced with, away
 * from false alarms, and its confirmed detections keep them from drifting too far.
 */
export function adaptThresholds(
  base: DetectionThresholds,
  outcomes: readonly OutcomeRecord[],
): { thresholds: DetectionThresholds; changes: string[] } {
  const thresholds = { ...base };
  const changes: string[] = [];
  const moved = new Set<Knob>();
  for (const kind of Object.keys(KNOBS) as DetectionKind[]) {
    const recent = outcomes.filter((o) => o.detection === kind).slice(-RECENT);
    const helped = recent.filter((o) => o.recovered && o.intervention !== "continue").length;
    const falseAlarms = recent.filter((o) => o.recovered && o.intervention === "continue").length;
    const confirmed = recent.filter((o) => !o.recovered && o.intervention === "continue").length;
    const direction = helped - falseAlarms >= MARGIN ? 1 : falseAlarms - helped - confirmed >= MARGIN ? -1 : 0;
    if (direction === 0) continue;
    for (const { knob, step } of KNOBS[kind]) {
      if (moved.has(knob)) continue;
      const [low, high] = ADAPTIVE_BOUNDS[knob];
      const before = thresholds[knob];
      const after = Math.min(high, Math.max(low, Math.round((before + direction * step) * 1000) / 1000));
      if (after === before) continue;
      thresholds[knob] = after;
      moved.add(knob);
      changes.push(
        `${knob} ${before} -> ${after}: ${kind} ${direction > 0 ? `interventions helped ${helped} times, ${falseAlarms} false alarms` : `${falseAlarms} false alarms, interventions helped ${helped} times${confirmed > 0 ? `, ${confirmed} detections confirmed` : ""}`} (last ${recent.length})`,
      );
    }
  }
  return { thresholds, changes };
}

const storeSchema = z.object({
  schemaVersion: z.literal(1),
  outcomes: z.array(
    z.object({
      detection: z.enum(["repeated_state", "alternation", "repeated_error", "no_progress", "similar_code"]),
      intervention: z.enum(["continue", "retry", "rollback", "modify_prompt", "alternative_path", "ask_human", "compress", "terminate"]),
      recovered: z.boolean(),
      observed: z.boolean().optional(),
      at: z.string(),
    }),
  ),
});

/** The outcomes kept at `path`; none when the file does not exist yet. */
export function loadOutcomes(path: string): OutcomeRecord[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return storeSchema.parse(JSON.parse(text)).outcomes;
}

/** Appends outcomes to the store (keeping the latest `KEPT`), written atomically. */
export function appendOutcomes(path: string, outcomes: readonly OutcomeRecord[]): void {
  if (outcomes.length === 0) return;
  const all = [...loadOutcomes(path), ...outcomes].slice(-KEPT);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ schemaVersion: 1, outcomes: all }, null, 2)}\n`);
  renameSync(temporary, path);
}
