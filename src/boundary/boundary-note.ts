import { Annotation } from "@langchain/langgraph";
import type { DetectionKind } from "./detection.js";
import type { InterventionKind, InterventionTrigger } from "./intervention.js";

/**
 * What an intervention writes to the state under `BoundaryOptions.noteKey`, so the graph's
 * own nodes learn what the boundary wants: put `message` in the next prompt, or branch on
 * `intervention` (e.g. switch strategy on `alternative_path` or `modify_prompt`).
 */
export interface BoundaryNote {
  intervention: InterventionKind;
  /** Guidance for the next prompt. */
  message: string;
  /** The stuck pattern behind it, if a detection caused it. */
  detection?: DetectionKind;
  /** Node executions completed when it was written. */
  step: number;
}

/**
 * A state channel for the note, last value wins:
 * `Annotation.Root({ ...yourChannels, boundaryNote: boundaryNoteChannel() })`.
 */
export function boundaryNoteChannel() {
  return Annotation<BoundaryNote | null>({ reducer: (_, next) => next, default: () => null });
}

/** The default guidance for a trigger, in words a model can act on. */
export function guidanceFor(trigger: InterventionTrigger): string {
  if (trigger.type === "error") {
    return `The last step failed with ${trigger.error.name}: ${trigger.error.message}. Take a different approach.`;
  }
  const { detection } = trigger;
  switch (detection.kind) {
    case "repeated_error":
      return `The same error keeps coming back (${detection.error}): the last fixes did not address it. Re-read the requirement and the error before changing the code.`;
    case "similar_code":
      return "The last attempts changed almost nothing and did not help. Re-read the requirement and make a substantively different change.";
    case "no_progress":
      return "The last attempts made no progress. Step back, re-read the requirement and try a different approach.";
    case "state_size":
    case "slow_leak":
      return "The earlier conversation was shortened to keep the run within its limits: carry on from what is left.";
    case "alternation":
    case "repeated_state":
      return `The run is going in circles (${detection.explanation}). Do something different from the previous steps.`;
  }
}
