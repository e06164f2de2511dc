import type { AgentDeps } from "../agent-deps.js";
import { isDiagnosed } from "../current-diagnosis.js";
import { actOnNote, diagnoseAttempt } from "../diagnose-attempt.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";

/**
 * Diagnoses a failed attempt that validate left undiagnosed: one the test review judged
 * first, or one validated by an earlier version (which diagnosed in a step of its own).
 * Validate diagnoses every other failed attempt in its own step; such an attempt comes here
 * only when the error boundary found the loop stuck on it, and its note then switches the
 * strategy.
 */
export function diagnoseNode(deps: AgentDeps) {
  return (state: AgentStateValue): AgentUpdate => {
    if (isDiagnosed(state)) return actOnNote(state, deps);
    // The attempt file records where the attempt came from (the candidate is gone).
    const file = deps.folder.readAttempt(state.attempts);
    return diagnoseAttempt(state, deps, { source: file?.record.source ?? "model", strategy: String(file?.record.strategy ?? state.strategy) });
  };
}
