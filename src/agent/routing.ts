import type { AgentDeps } from "./agent-deps.js";
import type { AgentStateValue } from "./state.js";
import { offlineRepairPending, stopReason } from "./stop-reason.js";

export type AgentNode =
  | "generate"
  | "validate"
  | "diagnose"
  | "offline_repair"
  | "analyze"
  | "repair"
  | "review"
  | "approve"
  | "finish"
  | "give_up";

/** Where the loop goes next and why (the why goes to the event log). */
export interface Route {
  to: AgentNode;
  why: string;
}

type Decide = (state: AgentStateValue, deps: AgentDeps) => Route;

/** generate either produced a candidate or decided the run cannot go on (no model, provider error). */
export const afterGenerate: Decide = (state) =>
  state.candidate
    ? { to: "validate", why: `validate the ${state.candidate.source} code` }
    : { to: "give_up", why: state.message ?? "nothing to validate" };

/**
 * Passing code is reviewed once (when a reviewer is configured), then goes to approval or
 * finish, unless no test ran on it (then nothing verified it). The review-fix round's code
 * ends the run whatever its validation says: finish keeps the reviewed code if it failed.
 */
export const afterValidate: Decide = (state, deps) => {
  if (state.reviewFix?.status === "pending") return toFinish(deps, "validated the review-fix round");
  if (!state.check?.passed) return { to: "diagnose", why: `failed at ${state.check?.stage ?? "?"}` };
  if (state.reason === "no_tests") return { to: "give_up", why: "passed every layer, but no test ran" };
  if (deps.review && !state.codeReview) return { to: "review", why: "passed every layer: one code review" };
  return toFinish(deps, "passed every layer");
};

/** After the review: validate the review-fix round's code, else finish. */
export const afterReview: Decide = (state, deps) =>
  state.candidate ? { to: "validate", why: "validate the fix for the review's high-severity findings" } : toFinish(deps, "reviewed");

function toFinish(deps: AgentDeps, why: string): Route {
  return deps.limits.approve ? { to: "approve", why: `${why}; approval required before finishing` } : { to: "finish", why };
}

/**
 * The heart of the loop, after a failed attempt has been diagnosed: stop if a limit or a
 * node says so; else the offline engine first (once per program); else by strategy and
 * error type: a fresh approach regenerates, syntax errors go straight to repair, runtime and
 * test failures are analyzed first.
 */
export const afterDiagnose: Decide = (state, deps) => {
  const stop = stopReason(state, deps);
  if (stop) return { to: "give_up", why: stop.why };
  if (offlineRepairPending(state, deps)) return { to: "offline_repair", why: "try the offline repair engine first" };
  return chooseModelFixer(state);
};

/** After the offline engine: validate what it found, else hand over to the model (or stop). */
export const afterOfflineRepair: Decide = (state, deps) =>
  state.candidate ? { to: "validate", why: "validate the offline engine's fix" } : afterDiagnose(state, deps);

export const afterAnalyze: Decide = (state, deps) => {
  const stop = stopReason(state, deps);
  return stop ? { to: "give_up", why: stop.why } : { to: "repair", why: "repair with the analysis" };
};

export const afterRepair: Decide = (state) =>
  state.candidate
    ? { to: "validate", why: `validate the ${state.candidate.strategy} repair` }
    : { to: "give_up", why: state.message ?? "the repair produced nothing" };

export const afterApprove: Decide = (state) =>
  state.reason === "rejected" ? { to: "give_up", why: "rejected by a person" } : { to: "finish", why: "approved" };

function chooseModelFixer(state: AgentStateValue): Route {
  if (state.strategy === "fresh") return { to: "generate", why: "earlier strategies failed: a fresh approach" };
  const errorType = state.check?.errorType;
  if (errorType === "syntax" || errorType === "empty") return { to: "repair", why: `${errorType} error: repair directly` };
  return { to: "analyze", why: `${errorType ?? "unknown"} failure: analyze, then repair` };
}
