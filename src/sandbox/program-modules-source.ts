import { runtimeSource } from "../shared/runtime-source.js";

/** The file name the shared module goes by beside the runner that imports it. */
export const PROGRAM_MODULES_FILE = "mend_program_modules.py";

/**
 * runtime/python/mend_program_modules.py: how a candidate forked from a collected pytest session
 * takes the program's place (its modules re-imported, the tests' names pointed at them). One
 * implementation for both runners that collect once and fork per candidate: the fast tier's
 * fork server and the repair engine's batch runner, each of which imports it from its own folder.
 */
export function programModulesSource(): string {
  return runtimeSource(`python/${PROGRAM_MODULES_FILE}`);
}

/** The file name of the shared module that runs one collected test in a candidate's child. */
export const RUN_ITEM_FILE = "mend_run_item.py";

/**
 * runtime/python/mend_run_item.py: how a candidate's forked child runs one collected pytest test,
 * called directly where pytest's outcome allows. Shared, as the program modules are, by the fast
 * tier's fork server and the repair engine's batch runner.
 */
export function runItemSource(): string {
  return runtimeSource(`python/${RUN_ITEM_FILE}`);
}
