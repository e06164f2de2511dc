import { BoundaryOptionsError } from "../errors/index.js";
import { validateInterventionChoice } from "./boundary-options-schema.js";
import type { Detection } from "./detection.js";
import type { Intervention, InterventionKind, InterventionRecord, InterventionTrigger } from "./intervention.js";

/** What a policy sees besides the trigger. */
export interface PolicyContext {
  /** Every detection of the run so far, the trigger's included. */
  detections: readonly Detection[];
  /** Interventions decided before this one. */
  interventions: readonly InterventionRecord[];
  /** Stuck detections answered before this one (the first detection sees 0). */
  previousStuck: number;
  /** Whether the graph has a checkpointer (rollback, retry, modify_prompt, alternative_path and ask_human need one). */
  hasCheckpointer: boolean;
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
 * errors stop with `error`.
 */
export const watchPolicy: InterventionPolicy = (trigger, context) =>
  trigger.type === "error" || context.previousStuck > 0 ? "terminate" : "continue";

/**
 * The n-th stuck detection of a run gets `steps[n]` (the last one repeats), e.g.
 * `escalatingPolicy([{ kind: "modify_prompt", update: { forceStrategy: "fresh" } }, "terminate"])`:
 * switch strategy first, stop with `stuck` the second time. Node errors get `onError`
 * (default `terminate`, i.e. a graceful stop with reason `error`).
 */
export function escalatingPolicy(steps: readonly PolicyChoice[], options: { onError?: PolicyChoice } = {}): InterventionPolicy {
  if (steps.length === 0) throw new BoundaryOptionsError("escalatingPolicy", "escalatingPolicy needs at least one step");
  steps.forEach((step, i) => validateInterventionChoice(step, `escalatingPolicy step ${i + 1}`));
  if (options.onError !== undefined) validateInterventionChoice(options.onError, "escalatingPolicy onError");
  return (trigger, context) => {
    if (trigger.type === "error") return options.onError ?? "terminate";
    return steps[Math.min(context.previousStuck, steps.length - 1)];
  };
}

/** A choice as a full intervention. */
export function toIntervention(choice: PolicyChoice): Intervention {
  return typeof choice === "string" ? ({ kind: choice } as Intervention) : choice;
}
