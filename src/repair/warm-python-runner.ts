import { inProject } from "../languages/in-project.js";
import type { CandidateRunner, RunnerSetup } from "./candidate-runner.js";
import { PYTHON_RUNNER_ENV, PYTHON_RUNNER_FILE, pythonRunnerFiles } from "./python-runner-script.js";
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
    const files: Record<string, string> = {};
    for (const file of [...(setup.support ?? []), ...setup.tests]) files[file.path] = file.content;
    files[setup.entry] = setup.code;
    Object.assign(files, pythonRunnerFiles());
    files[CONFIG_FILE] = JSON.stringify({
      entry: setup.entry,
      tests: setup.tests.map((file) => file.path),
      support: (setup.support ?? []).map((file) => file.path),
      links: [],
      jobs: setup.jobs,
      mode: "serve",
    });
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
