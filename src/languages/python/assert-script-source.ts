import { runtimeSource } from "../../shared/runtime-source.js";

/**
 * File name of the assert-script collector in the work folder: a module that the validation's
 * pytest plugin and the repair engine's runner import from there (runtime/python/mend_assert_script.py).
 */
export const ASSERT_SCRIPT_FILE = "mend_assert_script.py";

/**
 * Python module that collects a plain assert script (HumanEval style: top-level `assert f(1) == 2`)
 * as one pytest test per top-level statement that asserts, instead of a collection error.
 */
export function assertScriptSource(): string {
  return runtimeSource("python/mend_assert_script.py");
}
