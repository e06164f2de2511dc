import { runtimeSource } from "../shared/runtime-source.js";
import { PROGRAM_MODULES_FILE, programModulesSource, RUN_ITEM_FILE, runItemSource } from "./program-modules-source.js";

/**
 * The Python side of the fast tier (runtime/python/fork_server.py, as `server.py`) and the
 * modules it imports from its folder, by file name: a warm pytest fork server serving one
 * candidate per request, each in a forked child with a fresh working copy.
 */
export function pythonForkServerFiles(): Record<string, string> {
  return {
    "server.py": runtimeSource("python/fork_server.py"),
    [PROGRAM_MODULES_FILE]: programModulesSource(),
    [RUN_ITEM_FILE]: runItemSource(),
    "mend_session_report.py": runtimeSource("python/mend_session_report.py"),
  };
}
