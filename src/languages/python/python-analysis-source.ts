import { runtimeSource } from "../../shared/runtime-source.js";

/** File name of the analysis script in the work folder. */
export const PYTHON_ANALYSIS_FILE = "mend_analyze.py";

/**
 * One Python process answers the three cheap static questions, to save process spawns:
 * does every file parse, does every import resolve, does the program reach for the network
 * (runtime/python/mend_analyze.py). Reads a JSON request on stdin, prints JSON.
 */
export function pythonAnalysisSource(): string {
  return runtimeSource("python/mend_analyze.py");
}
