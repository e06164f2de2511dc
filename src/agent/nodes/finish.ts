import { renameSync, writeFileSync } from "node:fs";
import { isVerified, testsRun } from "../../validation/tests-run.js";
import type { AgentDeps } from "../agent-deps.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";

/**
 * Ends a verified run; writes the code to its target (`repair --write`) only here, after approval.
 * After a `--review-fix` round, its code is kept only if it is still verified; else the
 * reviewed code, which was, is returned and the round is recorded as failed.
 */
export function finishNode(deps: AgentDeps) {
  return (state: AgentStateValue): AgentUpdate => {
    const fix = state.reviewFix;
    const fixFailed = fix?.status === "pending" && !(state.check && isVerified(state.check));
    const code = fixFailed ? fix.code : (state.code ?? "");
    const ran = fixFailed ? fix.testsRun : state.check ? testsRun(state.check) : 0;
    const target = deps.limits.writeTo;
    if (target) {
      const temporary = `${target}.mend-tmp`;
      writeFileSync(temporary, code);
      renameSync(temporary, target);
    }
    return {
      status: "passed",
      reason: "passed",
      message: null,
      outcome: { code, verified: true, n: fixFailed ? Math.max(1, state.attempts - 1) : state.attempts, testsRun: ran },
      ...(fix?.status === "pending"
        ? {
            reviewFix: fixFailed
              ? { ...fix, status: "failed" as const, summary: `${fix.summary}: the fixed code failed validation (${state.check?.summary ?? "no result"}); kept the reviewed code` }
              : { ...fix, status: "applied" as const, summary: `${fix.summary}: applied, and every test still passes` },
          }
        : {}),
    };
  };
}
