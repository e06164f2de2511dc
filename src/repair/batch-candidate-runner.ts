import { inProject } from "../languages/in-project.js";
import type { ExecResult } from "../shared/exec-result.js";
import type { CandidateBatch, CandidateRunner, RunnerSetup } from "./candidate-runner.js";
import { NODE_RUNNER_ENV, NODE_RUNNER_FILE, nodeRunnerLayout } from "./node-runner-layout.js";
import { PYTHON_RUNNER_ENV, PYTHON_RUNNER_FILE, pythonRunnerLayout } from "./python-runner-script.js";
import { baselineOf, outcomeOf, parseEvents } from "./runner-events.js";

const CONFIG_FILE = "__mend_config.json";
const CANDIDATES_FILE = "__mend_candidates.json";
/** Interpreter start, pytest import and collection happen once per batch. */
const STARTUP_ALLOWANCE_MS = 15_000;

/**
 * The batch runner for Python or JavaScript: one sandboxed process per batch, which
 * evaluates many candidates, each in its own child (Python: a fork after pytest collected
 * the tests once; Node: a worker thread) with its own timeout, since mutants often loop forever.
 * The warm runners (`createWarmRunner`) keep the same program running between batches instead,
 * and fall back to this one where the sandbox cannot.
 */
export function createBatchRunner(setup: RunnerSetup): CandidateRunner {
  const isPython = setup.language === "python";

  const layout = () => (isPython ? pythonRunnerLayout(setup) : nodeRunnerLayout(setup));

  const run = async (extraFiles: Record<string, string>, request: Record<string, unknown>, timeoutMs: number) => {
    const { files, config } = await layout();
    Object.assign(files, extraFiles);
    files[CONFIG_FILE] = JSON.stringify({ ...config, ...request });
    const command = isPython ? ["python3", "-u", PYTHON_RUNNER_FILE, CONFIG_FILE] : ["node", NODE_RUNNER_FILE, CONFIG_FILE];
    const result = await setup.sandbox.run(
      inProject(
        {
          command,
          files,
          timeoutMs,
          env: isPython ? PYTHON_RUNNER_ENV : NODE_RUNNER_ENV,
          outputLimitBytes: 32 * 1024 * 1024,
        },
        setup.project,
      ),
    );
    return { result, events: parseEvents(result.stdout) };
  };

  // Whether the node:test stand-in reproduced node:test's verdicts on the original, as the
  // runner found in an earlier batch, per set of failing and passing tests (the check is the
  // same for every batch of those: the original program and the tests do not change).
  const shimVerdicts = new Map<string, boolean>();
  const shimKey = (batch: CandidateBatch) => JSON.stringify([batch.failing, batch.passing, batch.originalHangs]);

  return {
    async baseline(testTimeoutMs, budgetMs, wallLimitMs) {
      const started = Date.now();
      const { result, events } = await run(
        {},
        { mode: "baseline", testTimeoutMs, budgetMs },
        capped(budgetMs + STARTUP_ALLOWANCE_MS, wallLimitMs),
      );
      return baselineOf(events, Date.now() - started, () => describeExit(result));
    },

    async evaluate(batch) {
      const files = { [CANDIDATES_FILE]: JSON.stringify(batch.candidates) };
      const known = isPython ? undefined : shimVerdicts.get(shimKey(batch));
      const { events } = await run(
        files,
        { mode: "evaluate", candidates: CANDIDATES_FILE, ...evaluateRequest(batch), ...(known === undefined ? {} : { shimTrusted: known }) },
        capped(batch.budgetMs + 2 * batch.timeoutMs + STARTUP_ALLOWANCE_MS, batch.wallLimitMs),
      );
      const shim = events.find((event) => event.event === "done")?.shim;
      if (!isPython && typeof shim === "boolean") shimVerdicts.set(shimKey(batch), shim);
      return outcomeOf(events, batch);
    },

    // Nothing outlives a call.
    async close() {},
  };
}

/** The fields of an evaluate request (the runner's config, or a warm server's request) that come from the batch. */
export function evaluateRequest(batch: CandidateBatch): Record<string, unknown> {
  return {
    mode: "evaluate",
    failing: batch.failing,
    passing: batch.passing,
    timeoutMs: batch.timeoutMs,
    cpuMs: batch.cpuMs,
    budgetMs: batch.budgetMs,
    extraAfterPlausible: batch.extraAfterPlausible,
    baselineHung: batch.originalHangs,
    testTimeoutMs: batch.timeoutMs,
    ...(batch.testCpuMs ? { testCpuMs: batch.testCpuMs } : {}),
  };
}

/** The sandbox's limit for a runner process: its own allowance, or less when the caller's deadline is nearer. */
function capped(allowanceMs: number, wallLimitMs: number | undefined): number {
  return wallLimitMs === undefined ? allowanceMs : Math.max(1, Math.min(allowanceMs, Math.round(wallLimitMs)));
}

function describeExit(result: ExecResult): string {
  const tail = result.stderr.trim().split("\n").slice(-3).join(" | ");
  return `exit ${result.exitCode ?? result.signal ?? result.reason}${tail ? `: ${tail}` : ""}`;
}
