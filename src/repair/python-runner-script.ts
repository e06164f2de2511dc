import { ASSERT_SCRIPT_FILE, assertScriptSource } from "../languages/python/assert-script-source.js";
import { TIME_LIMITS_FILE, timeLimitsSource } from "../languages/python/time-limits-source.js";
import { PROGRAM_MODULES_FILE, programModulesSource, RUN_ITEM_FILE, runItemSource } from "../sandbox/program-modules-source.js";
import { runtimeSource } from "../shared/runtime-source.js";
import type { RunnerSetup } from "./candidate-runner.js";

/** The runner's file in the work folder, and its environment (a stable hash seed: set order is part of what a test sees). */
export const PYTHON_RUNNER_FILE = "__mend_runner.py";
export const PYTHON_RUNNER_ENV = { PYTHONDONTWRITEBYTECODE: "1", PYTHONHASHSEED: "0" };

/** Each assert of a test as a result of its own (runtime/python/mend_assertions.py): the repair runner's alone. */
const ASSERTIONS_FILE = "mend_assertions.py";

/**
 * The Python side of candidate evaluation (runtime/python/repair_runner.py): collects the pytest
 * suite once, then runs the baseline with per-test line tracing or many candidates in forked
 * children. It imports the assert-script collector and the assert recorder, which must sit next to it in the work folder.
 */
export function pythonRunnerScript(): string {
  return runtimeSource("python/repair_runner.py");
}

/** The runner and the modules it imports, by their file names in the work folder. */
function pythonRunnerFiles(): Record<string, string> {
  return {
    [PYTHON_RUNNER_FILE]: pythonRunnerScript(),
    [ASSERT_SCRIPT_FILE]: assertScriptSource(),
    [ASSERTIONS_FILE]: runtimeSource("python/mend_assertions.py"),
    [PROGRAM_MODULES_FILE]: programModulesSource(),
    [RUN_ITEM_FILE]: runItemSource(),
    [TIME_LIMITS_FILE]: timeLimitsSource(),
  };
}

/**
 * The work folder of the Python repair runner, for one run or a server: the program, its tests
 * and support files, the runner and its modules; and the fields of its config that come from
 * the setup.
 */
export function pythonRunnerLayout(setup: RunnerSetup): { files: Record<string, string>; config: Record<string, unknown> } {
  const files: Record<string, string> = {};
  for (const file of [...(setup.support ?? []), ...setup.tests]) files[file.path] = file.content;
  files[setup.entry] = setup.code;
  Object.assign(files, pythonRunnerFiles());
  const config = { entry: setup.entry, tests: setup.tests.map((file) => file.path), support: (setup.support ?? []).map((file) => file.path), links: [], jobs: setup.jobs };
  return { files, config };
}
