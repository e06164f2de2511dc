import { BoundaryOptionsError } from "../errors/index.js";
import { validateInterventionChoice } from "./boundary-options-schema.js";
import { type Detection, GROWTH_KINDS } from "./detection.js";
import type { Intervention, InterventionKind, InterventionRecord, InterventionTrigger } from "./intervention.js";

/** What a policy sees besides the trigger. */
export interface PolicyContext {
  /** Every detection of the run so far, the trigger's included. */
  detections: readonly Detection[];
  /** Interventions decided before this one. */
  interventions: readonly InterventionRecord[];
  /** Stuck detections answered before this one (the first detection sees 0); growth detections are not counted. */
  previousStuck: number;
  /** Whether the graph has a checkpointer (rollback, retry, modify_prompt, alternative_path, ask_human and compress need one). */
  hasCheckpointer: boolean;
  /**
   * Whether a `compress` can work: a checkpointer, and a messages channel or a `compress`
   * function, and compression not switched off by a fault of its own.
   */
  canCompress: boolean;
}

/** An intervention, or the name of one that needs no parameters. */
export type PolicyChoice = Intervention | Exclude<InterventionKind, "alternative_path">;

/** Maps a detection or a node error to an intervention. */
export type InterventionPolicy = (trigger: InterventionTrigger, context: PolicyContext) => PolicyChoice;

/** Stop on the first stuck detection (`stuck`) and on a node error (`error`). */
export const terminatePolicy: InterventionPolicy = () => "terminate";

/**
 * The default: a first stuck detection is let through (`continue`) with a warning event,
 * and the detectors watch more closely (one repeat fewer makes the next detection); a
 * detection after that stops the run with `stuck`. Work that repeats a few times and then
 * converges (a poll) completes; a real loop is stopped on its second detection. Node
 * errors stop with `error`. A state that grows (`state_size`, `slow_leak`) is compressed
 * first, see `growthPolicy`.
 */
export const watchPolicy: InterventionPolicy = (trigger, context) => {
  if (trigger.type === "error") return "terminate";
  if (GROWTH_KINDS.has(trigger.detection.kind)) return growthPolicy(trigger, context);
  return context.previousStuck > 0 ? "terminate" : "continue";
};

/**
 * For a state that grows: `compress`, again each time it grows back, as long as the last
 * compression helped (a node ran before the next detection of its kind). When it cannot
 * help or cannot be done, a state over its budget stops the run (`budget_state`); a slow
 * leak is let through once with a warning, then stops the run (`stuck`).
 */
export const growthPolicy: InterventionPolicy = (trigger, context) => {
  if (trigger.type === "error") return "terminate";
  const { detection } = trigger;
  const earlier = context.interventions.filter((r) => r.trigger.type === "detection" && r.trigger.detection.kind === detection.kind);
  const last = earlier.at(-1);
  const helped = last === undefined || (last.kind === "compress" && last.applied && last.at < detection.at);
  if (context.canCompress && helped) return "compress";
  if (detection.kind === "state_size") return "terminate";
  return earlier.length > 0 ? "terminate" : "continue";
};

/**
 * The n-th stuck detection of a run gets `steps[n]` (the last one repeats), e.g.
 * `escalatingPolicy([{ kind: "modify_prompt", update: { forceStrategy: "fresh" } }, "terminate"])`:
 * switch strategy first, stop with `stuck` the second time. Node errors get `onError`
 * (default `terminate`, i.e. a graceful stop with reason `error`). Growth detections
 * (`state_size`, `slow_leak`) get `growthPolicy`, as under the default policy.
 */
export function escalatingPolicy(steps: readonly PolicyChoice[], options: { onError?: PolicyChoice } = {}): InterventionPolicy {
  if (steps.length === 0) throw new BoundaryOptionsError("escalatingPolicy", "escalatingPolicy needs at least one step");
  steps.forEach((step, i) => validateInterventionChoice(step, `escalatingPolicy step ${i + 1}`));
  if (options.onError !== undefined) validateInterventionChoice(options.onError, "escalatingPolicy onError");
  return (trigger, context) => {
    if (trigger.type === "error") return options.onError ?? "terminate";
    if (GROWTH_KINDS.has(trigger.detection.kind)) return growthPolicy(trigger, context);
    return steps[Math.min(context.previousStuck, steps.length - 1)];
  };
}

/** A choice as a full intervention. */
export function toIntervention(choice: PolicyChoice): Intervention {
  return typeof choice === "string" ? ({ kind: choice } as Intervention) : choice;
}
