import { inProject } from "../languages/in-project.js";
import type { CandidateRunner, RunnerSetup } from "./candidate-runner.js";
import { PYTHON_RUNNER_ENV, PYTHON_RUNNER_FILE, pythonRunnerLayout } from "./python-runner-script.js";
import { createWarmRunner, WARM_SERVER_LIFETIME_MS, type WarmServerProgram } from "./warm-candidate-runner.js";

const CONFIG_FILE = "__mend_config.json";

/**
 * runtime/python/repair_runner.py in serve mode: it collects the tests once, then answers the
 * baseline and every batch by forking a child per candidate from that collected session (the
 * candidate's module rebound by mend_program_modules.py), so the session it holds is the same
 * for every request.
 */
const PYTHON_SERVER: WarmServerProgram = {
  readyEvent: "collected",
  start(setup) {
    const { files, config } = pythonRunnerLayout(setup);
    files[CONFIG_FILE] = JSON.stringify({ ...config, mode: "serve" });
    return setup.sandbox.start!(
      inProject(
        {
          command: ["python3", "-u", PYTHON_RUNNER_FILE, CONFIG_FILE],
          files,
          timeoutMs: WARM_SERVER_LIFETIME_MS,
          // The server's own CPU (collection, then waiting on its children) is small; each child has its own limit.
          cpuSeconds: WARM_SERVER_LIFETIME_MS / 1000,
          env: PYTHON_RUNNER_ENV,
          outputLimitBytes: 64 * 1024,
        },
        setup.project,
      ),
    );
  },
};

/**
 * The Python candidate runner of a whole repair: one warm repair_runner.py server (see
 * `createWarmRunner`), which costs a batch forks instead of an interpreter, a pytest import
 * and a collection; the per-batch runner where the sandbox cannot start it.
 */
export function createWarmPythonRunner(setup: RunnerSetup): CandidateRunner {
  return createWarmRunner(setup, PYTHON_SERVER);
}
