import { runtimeSource } from "../shared/runtime-source.js";
import { nodeTestStandInSource } from "./node-test-stand-in-source.js";

/**
 * The Node side of the fast tier (runtime/node/test-server/), as module sources written next to
 * each other in the runner's folder.
 *
 * `server.mjs` serves one candidate per request, in one of two ways:
 * - node:test itself: a fresh worker thread per candidate (`harness.mjs` imports the test
 *   files, so node:test runs them; `reporter.mjs` turns its events into one JSON line per
 *   test, and its junit reporter writes the XML), while the next candidate's worker boots
 *   alongside. A thread costs ~60 ms of CPU to start, so this is the slow way.
 * - the stand-in (`stand-in.cjs`, runtime/node/node-test-stand-in.cjs): one long-lived worker
 *   (`stand-in-worker.mjs`) runs candidate after candidate, each from its own folder (fresh
 *   module URLs, so no module is shared between candidates), with the `"node:test"`
 *   specifiers of its files pointed at the stand-in. After each candidate the worker
 *   compares the built-ins, the watched core modules, the environment and its open
 *   handles with how it started; if a candidate changed any of them, called
 *   process.exit, timed out or ran out of memory, the worker is retired and a spare takes
 *   its place, so the next candidate never sees what this one left.
 * In mode "auto" (the default) a suite (its test files, by content) runs under node:test
 * until one candidate has run to the end under both and they agreed test by test; from
 * then on that suite runs under the stand-in.
 *
 * One JSON request per line on stdin, one JSON reply per line on fd 3 (a worker writing to
 * fd 1 or 2 directly reaches the host as stray output, counted against the cap).
 */
export function nodeTestServerSources(): Record<string, string> {
  return {
    "server.mjs": runtimeSource("node/test-server/server.mjs"),
    "stand-in.cjs": nodeTestStandInSource(),
    "stand-in-worker.mjs": runtimeSource("node/test-server/stand-in-worker.mjs"),
    "worker-state.mjs": runtimeSource("node/test-server/worker-state.mjs"),
    "harness.mjs": runtimeSource("node/test-server/harness.mjs"),
    "reporter.mjs": runtimeSource("node/test-server/reporter.mjs"),
  };
}
