import { inProject } from "../languages/in-project.js";
import type { CandidateRunner, RunnerSetup } from "./candidate-runner.js";
import { NODE_RUNNER_ENV, NODE_RUNNER_FILE, nodeRunnerLayout } from "./node-runner-layout.js";
import { createWarmRunner, WARM_SERVER_LIFETIME_MS, type WarmServerProgram } from "./warm-candidate-runner.js";

const CONFIG_FILE = "__mend_config.json";

/**
 * runtime/node/repair-runner.mjs in serve mode: the baseline in a node:test child as a one-run
 * runner has it, the candidates on worker threads through the node:test stand-in (or each in
 * a node child where the stand-in disagrees with node:test), the threads kept up between
 * batches. Why threads, and what keeps candidates apart, is said in the runner.
 */
const NODE_SERVER: WarmServerProgram = {
  readyEvent: "serving",
  async start(setup) {
    const { files, config } = await nodeRunnerLayout(setup);
    files[CONFIG_FILE] = JSON.stringify({ ...config, mode: "serve" });
    return setup.sandbox.start!(
      inProject(
        {
          command: ["node", NODE_RUNNER_FILE, CONFIG_FILE],
          files,
          timeoutMs: WARM_SERVER_LIFETIME_MS,
          // The candidates' threads run in the server's process, so its CPU time adds theirs up
          // over the repair; each candidate has a CPU limit of its own, kept by the server.
          cpuSeconds: WARM_SERVER_LIFETIME_MS / 1000,
          env: NODE_RUNNER_ENV,
          outputLimitBytes: 64 * 1024,
        },
        setup.project,
      ),
    );
  },
};

/**
 * The JavaScript candidate runner of a whole repair (TypeScript's too, on the transpiled code):
 * one warm repair-runner.mjs server (see `createWarmRunner`), so a batch costs its candidates'
 * runs instead of a sandboxed node start and a thread per lane; the per-batch runner where the
 * sandbox cannot start it.
 */
export function createWarmNodeRunner(setup: RunnerSetup): CandidateRunner {
  return createWarmRunner(setup, NODE_SERVER);
}
