import { runtimeSource } from "../../shared/runtime-source.js";

/** File name of the reporter in the work folder (`--test-reporter=./mend-node-reporter.mjs`). */
export const NODE_REPORTER_FILE = "mend-node-reporter.mjs";

/** The NDJSON report the reporter appends to, read back through `collect`. */
export const NODE_REPORT_FILE = ".mend-node-tests.ndjson";

/** node:test reporter writing one JSON line per finished test, errors as data (runtime/node/mend-node-reporter.mjs). */
export function nodeReporterSource(): string {
  return runtimeSource("node/mend-node-reporter.mjs");
}
