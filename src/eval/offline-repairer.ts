import type { Repairer } from "../agent/collaborators.js";
import { repairOffline } from "../repair/repair-offline.js";

/**
 * The offline repair engine (`src/repair`) as the loop's `Repairer`, so `mend eval` measures
 * the loop with its first fixer on. `createAgent` does not plug the engine in by default yet
 * (its `repairer` option defaults to none, issue 2); once it does, eval can drop this.
 * The engine's fix is validated again by the loop's validate step, so the check returned here
 * only restates what the engine saw: every test passing.
 */
export const offlineRepairer: Repairer = async (input, options) => {
  const result = await repairOffline(
    {
      language: input.language,
      entry: input.entry,
      code: input.code,
      tests: input.tests,
      check: input.check,
      ...(input.support ? { support: input.support } : {}),
    },
    {
      sandbox: options.sandbox,
      ...(options.timeBudgetMs !== undefined ? { timeBudgetMs: options.timeBudgetMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
  if (result.status === "not_fixed") {
    return { status: "not_fixed", candidatesRun: result.candidatesRun, durationMs: result.durationMs, reason: result.reason };
  }
  return {
    status: "fixed",
    code: result.code,
    diff: result.diff,
    candidatesRun: result.candidatesRun,
    durationMs: result.durationMs,
    check: {
      passed: true,
      stage: "ok",
      summary: `all ${result.testsTotal} tests passed in the offline engine's run`,
      tests: { passed: result.testsPassed, failed: 0, errors: 0, failures: [] },
      layers: [],
      executions: 0,
    },
  };
};
