import type { SourceFile } from "../shared/task.js";
import type { VerificationSource } from "../shared/verification.js";
import { generatedTestFile } from "../testgen/generated-test-file.js";
import type { AgentDeps } from "./agent-deps.js";
import type { AgentStateValue } from "./state.js";

/** The tests every validation of the run runs: the task's (the user's, or the examples'), then the kept generated tests. */
export function testsFor(deps: AgentDeps, state: Pick<AgentStateValue, "generatedTests">): SourceFile[] {
  const generated = state.generatedTests;
  if (!generated || generated.suite.tests.length === 0) return deps.task.tests;
  return [...deps.task.tests, generatedTestFile(deps.task.language, generated.suite)];
}

/** The strongest source of tests the run has: the user's tests, then examples, then generated tests. */
export function verifiedBy(deps: Pick<AgentDeps, "verifiedBy">, state: Pick<AgentStateValue, "generatedTests">): VerificationSource {
  if (deps.verifiedBy !== "none") return deps.verifiedBy;
  return (state.generatedTests?.suite.tests.length ?? 0) > 0 ? "generated" : "none";
}
