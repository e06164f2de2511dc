import type { Diagnosis } from "../diagnosis/diagnosis.js";
import { historyOf } from "./history-of.js";
import type { AgentStateValue } from "./state.js";
import { toDiagnosis } from "./to-diagnosis.js";

/**
 * Whether the latest attempt has been diagnosed: diagnosing it puts it last in the recent
 * attempts (in checkpoints of earlier versions too, which kept its diagnosis beside them).
 */
export function isDiagnosed(state: AgentStateValue): boolean {
  return state.attempts > 0 && historyOf(state).recent.at(-1)?.n === state.attempts;
}

/**
 * The diagnosis of the latest attempt once it has been diagnosed, else null. Read off its
 * check rather than kept in the state: every checkpoint would carry the same facts twice.
 */
export function currentDiagnosis(state: AgentStateValue): Diagnosis | null {
  return state.check && !state.check.passed && isDiagnosed(state) ? toDiagnosis(state.check) : null;
}
