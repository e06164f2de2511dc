import type { AgentStateValue, History, ShownAttempt } from "./state.js";

const EMPTY: History = { recent: [], older: [], avoid: [] };

/**
 * The attempts' history: the `history` channel, or in a checkpoint of an earlier version
 * (resumed) the three channels that held it then, until the next diagnosis writes `history`.
 */
export function historyOf(state: AgentStateValue): History {
  if (state.history) return state.history;
  if (state.recent === undefined && state.older === undefined && state.avoid === undefined) return EMPTY;
  return { recent: state.recent ?? [], older: state.older ?? [], avoid: state.avoid ?? [] };
}

/**
 * The recent attempts with their code: the latest attempt's is the state's `code` (it is kept
 * once per checkpoint). An attempt whose code could not be found (its file gone) is left out.
 */
export function recentWithCode(state: AgentStateValue): ShownAttempt[] {
  return historyOf(state).recent.flatMap((attempt) => {
    if (attempt.code !== undefined) return [attempt as ShownAttempt];
    return attempt.n === state.attempts && state.code !== null ? [{ ...attempt, code: state.code }] : [];
  });
}
