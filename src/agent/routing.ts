import type { AgentDeps } from "./agent-deps.js";
import type { AgentStateValue } from "./state.js";
import { isDiagnosed } from "./current-diagnosis.js";
import { unhandledNote } from "./diagnose-attempt.js";
import { disputedTests } from "./disputed-tests.js";
import { offlineRepairPending, stopReason } from "./stop-reason.js";
import { testReviewDue } from "./test-review-due.js";

export type AgentNode =
  | "write_tests"
  | "test_adequacy"
  | "generate"
  | "validate"
  | "diagnose"
  | "offline_repair"
  | "analyze"
  | "repair"
  | "review"
  | "review_tests"
  | "approve"
  | "finish"
  | "give_up";

/** Where the loop goes next and why (the why goes to the event log). */
export interface Route {
  to: AgentNode;
  why: string;
}

type Decide = (state: AgentStateValue, deps: AgentDeps) => Route;

/** Generated tests (#12) with a kept test killing fewer mutants than this share are asked to grow, once. */
export const MUTATION_SCORE_THRESHOLD = 0.6;
/** Rounds of generated tests at most: the first, and one more when they check too little. */
const MAX_TEST_ROUNDS = 2;

/** With a model and no tests of the task's own, tests are written before the first program. */
export const afterStart: Decide = (state, deps) =>
  deps.writeTests && !state.generatedTests
    ? { to: "write_tests", why: "no tests of your own: the model writes tests from the requirement first" }
    : { to: "generate", why: "start" };

/** The first round of tests leads to the first program; a second one re-checks the passing code with the new tests. */
export const afterWriteTests: Decide = (state, deps) => {
  if (state.candidate) return { to: "validate", why: "validate the passing code again with the new tests" };
  if (state.attempts === 0) return { to: "generate", why: `${state.generatedTests?.suite.tests.length ?? 0} generated tests kept` };
  return afterPassing(state, deps, "no new tests kept");
};

/** Below the threshold, ask once for more tests; else on to the review or the end. */
export const afterTestAdequacy: Decide = (state, deps) => {
  const adequacy = state.testAdequacy;
  if (adequacy?.status === "measured" && adequacy.score < MUTATION_SCORE_THRESHOLD && (state.generatedTests?.rounds ?? MAX_TEST_ROUNDS) < MAX_TEST_ROUNDS && deps.model) {
    return { to: "write_tests", why: `the generated tests killed ${adequacy.killed} of ${adequacy.mutants} mutants: ask once for more` };
  }
  return afterPassing(state, deps, "measured the generated tests");
};

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
  if (!state.check?.passed) {
    if (testReviewDue(state, deps)) {
      const disputed = disputedTests(state.generatedTests);
      return { to: "review_tests", why: `two different programs passed every other test and failed ${disputed.join(", ")}: judge the test, not only the code` };
    }
    // Validate diagnoses a failed attempt in its own step; one it left undiagnosed (or one
    // from an earlier version's checkpoint) is diagnosed next, as is one the error boundary
    // found the loop stuck on after its diagnosis (its note switches the strategy).
    if (!isDiagnosed(state)) return { to: "diagnose", why: `failed at ${state.check?.stage ?? "?"}` };
    if (unhandledNote(state)) return { to: "diagnose", why: "the error boundary found the loop stuck: act on its note" };
    return afterDiagnose(state, deps);
  }
  if (state.reason === "no_tests") return { to: "give_up", why: "passed every layer, but no test ran" };
  const generated = state.generatedTests;
  if (generated && generated.suite.tests.length > 0 && (state.testAdequacy?.rounds ?? 0) < generated.rounds) {
    return { to: "test_adequacy", why: "passed every layer: measure the generated tests on mutants of this code" };
  }
  return afterPassing(state, deps, "passed every layer");
};

/** Passing code: one code review when a reviewer is configured and none ran yet, then approval or finish. */
function afterPassing(state: AgentStateValue, deps: AgentDeps, why: string): Route {
  if (deps.review && !state.codeReview) return { to: "review", why: `${why}: one code review` };
  return toFinish(deps, why);
}

/** After the test review: check the program again without the tests judged wrong, else go on repairing it. */
export const afterReviewTests: Decide = (state) =>
  state.candidate ? { to: "validate", why: "check the code again without the tests judged wrong" } : { to: "diagnose", why: "the tests were judged right: repair the code" };

/** After the review: validate the review-fix round's code, else finish. */
export const afterReview: Decide = (state, deps) =>
  state.candidate ? { to: "validate", why: "validate the fix for the review's high-severity findings" } : toFinish(deps, "reviewed");

function toFinish(deps: AgentDeps, why: string): Route {
  return deps.limits.approve ? { to: "approve", why: `${why}; approval required before finishing` } : { to: "finish", why };
}

/**
 * The heart of the loop, after a failed attempt has been diagnosed: stop if a limit or a
 * node says so; else the offline engine first (once per program); else by strategy: a fresh
 * approach regenerates, any other goes to repair (which analyzes runtime and test failures
 * first, in the same step).
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

/** Only after resuming a checkpoint with `analyze` next (an earlier version's step): repair analyzes, checks the limits and fixes. */
export const afterAnalyze: Decide = () => ({ to: "repair", why: "resumed at an earlier version's analysis step: repair analyzes the failure itself" });

/** Code goes to validation; edits that did not apply go back to the model with the reason, within the limits. */
export const afterRepair: Decide = (state, deps) => {
  if (state.candidate) return { to: "validate", why: `validate the ${state.candidate.strategy} repair` };
  if (state.editFailure && !state.reason) {
    const stop = stopReason(state, deps);
    return stop ? { to: "give_up", why: stop.why } : { to: "repair", why: `the reply's edits did not apply (${state.editFailure.reason}): ask again with the reason` };
  }
  return { to: "give_up", why: state.message ?? "the repair produced nothing" };
};

export const afterApprove: Decide = (state) =>
  state.reason === "rejected" ? { to: "give_up", why: "rejected by a person" } : { to: "finish", why: "approved" };

function chooseModelFixer(state: AgentStateValue): Route {
  if (state.strategy === "fresh") return { to: "generate", why: "earlier strategies failed: a fresh approach" };
  const errorType = state.check?.errorType;
  if (errorType === "syntax" || errorType === "empty") return { to: "repair", why: `${errorType} error: repair directly` };
  return { to: "repair", why: `${errorType ?? "unknown"} failure: analyze, then repair` };
}
