import { runtimeSource } from "../shared/runtime-source.js";

// The Node side of candidate evaluation (runtime/node/repair-*.mjs), written into the sandbox's
// work folder under the names the runner loads them by, and run there.

/** The programs of the Node repair runner, by their file name in the work folder. */
export function nodeRunnerScripts(): Record<string, string> {
  return {
    // Runs the node:test suite once with per-test coverage, or many candidates with a timeout each.
    "__mend_runner.mjs": runtimeSource("node/repair-runner.mjs"),
    // A node:test reporter that streams one JSON line per finished test.
    "__mend_reporter.mjs": runtimeSource("node/repair-reporter.mjs"),
    // Preloaded with --import: each test's recorded asserts and (baseline) the lines each test and assert ran.
    "__mend_coverage.mjs": runtimeSource("node/repair-coverage.mjs"),
    // Each assert a test runs as a result of its own: the recorder the wrapped test files report to.
    "__mend_asserts.mjs": runtimeSource("node/repair-asserts.mjs"),
    // The worker thread that runs candidate suites through the node:test stand-in.
    "__mend_worker.mjs": runtimeSource("node/repair-worker.mjs"),
    // The fast tier's check of what a candidate changed on a worker, which is then replaced.
    "__mend_worker_state.mjs": runtimeSource("node/test-server/worker-state.mjs"),
    // Loads every test file named in MEND_TEST_FILES into one process, so one reporter sees them all.
    "__mend_entry.mjs": runtimeSource("node/repair-entry.mjs"),
  };
}
