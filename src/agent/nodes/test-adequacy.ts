import { measureMutationScore } from "../../repair/mutation-score.js";
import { generatedTestFile } from "../../testgen/generated-test-file.js";
import type { AgentDeps } from "../agent-deps.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";

/**
 * Measures how much the generated tests check: mutants of the passing program, made by the
 * offline engine's mutation operators, run against the kept generated tests alone; the share
 * they kill is the run's mutation score (below the threshold, the routing asks once for more
 * tests). A measurement that cannot be made is recorded with its reason and changes nothing.
 */
export function testAdequacyNode(deps: AgentDeps) {
  return async (state: AgentStateValue): Promise<AgentUpdate> => {
    const generated = state.generatedTests;
    if (!generated || state.code === null) throw new Error("test_adequacy reached without generated tests or passing code");
    const { task } = deps;
    const score = await measureMutationScore({
      language: task.language,
      entry: task.entry,
      code: state.code,
      tests: [generatedTestFile(task.language, generated.suite)],
      ...(task.support ? { support: task.support } : {}),
      ...(task.project ? { project: task.project } : {}),
      sandbox: deps.sandbox,
    });
    deps.emit({ type: "mutation_score", ...score });
    return { testAdequacy: { ...score, rounds: generated.rounds }, usage: { executions: 2 } };
  };
}
