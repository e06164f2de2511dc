import { renameSync, writeFileSync } from "node:fs";
import { testsRun } from "../../validation/tests-run.js";
import type { AgentDeps } from "../agent-deps.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";

/** Ends a verified run; writes the code to its target (`repair --write`) only here, after approval. */
export function finishNode(deps: AgentDeps) {
  return (state: AgentStateValue): AgentUpdate => {
    const code = state.code ?? "";
    const target = deps.limits.writeTo;
    if (target) {
      const temporary = `${target}.mend-tmp`;
      writeFileSync(temporary, code);
      renameSync(temporary, target);
    }
    return { status: "passed", reason: "passed", message: null, outcome: { code, verified: true, n: state.attempts, testsRun: state.check ? testsRun(state.check) : 0 } };
  };
}
