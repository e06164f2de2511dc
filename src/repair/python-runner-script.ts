import { runtimeSource } from "../shared/runtime-source.js";

/**
 * The Python side of candidate evaluation (runtime/python/repair_runner.py): collects the pytest
 * suite once, then runs the baseline with per-test line tracing or many candidates in forked
 * children. It imports the assert-script collector, which must sit next to it in the work folder.
 */
export function pythonRunnerScript(): string {
  return runtimeSource("python/repair_runner.py");
}
