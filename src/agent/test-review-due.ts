import type { AgentDeps } from "./agent-deps.js";
import { disputedTests } from "./disputed-tests.js";
import type { AgentStateValue } from "./state.js";

/** A failed validation goes to the test review first: generated tests are disputed and a model can judge them. */
export function testReviewDue(state: AgentStateValue, deps: AgentDeps): boolean {
  return disputedTests(state.generatedTests).length > 0 && Boolean(deps.review?.model ?? deps.model);
}
