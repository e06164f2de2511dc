import { runtimeSource } from "../../shared/runtime-source.js";

/** File name of the time-limits module in the work folder, beside the programs that import it. */
export const TIME_LIMITS_FILE = "mend_time_limits.py";

/**
 * How long a test may run once another has hung (runtime/python/mend_time_limits.py): imported
 * by the validation's pytest plugin and by the repair runner, from the work folder.
 */
export function timeLimitsSource(): string {
  return runtimeSource("python/mend_time_limits.py");
}
