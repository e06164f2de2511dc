import { runtimeSource } from "../../shared/runtime-source.js";

/** File name of the plugin in the work folder; `-p mend_pytest_plugin` loads it. */
export const PYTEST_PLUGIN_FILE = "mend_pytest_plugin.py";

/** The NDJSON report the plugin appends to, one record per line, read back through `collect`. */
export const PYTEST_REPORT_FILE = ".mend-pytest.ndjson";

/**
 * The pytest plugin writing what JUnit XML does not carry (exception class, frames, compared
 * values, parameters), one line per outcome (runtime/python/mend_pytest_plugin.py). It imports
 * the assert-script collector and the time limits, which must sit next to it (see
 * assert-script-source.ts and time-limits-source.ts).
 */
export function pytestPluginSource(): string {
  return runtimeSource("python/mend_pytest_plugin.py");
}
