import { runtimeSource } from "../shared/runtime-source.js";

/**
 * A stand-in for `node:test` (runtime/node/node-test-stand-in.cjs, CommonJS, written next to the
 * code that loads it) that registers tests on import and runs them on demand, so that one worker
 * thread can run the suites of many candidate programs; its header describes the control API.
 * Used by the fast tier's Node server and by the repair engine's Node runner.
 */
export function nodeTestStandInSource(): string {
  return runtimeSource("node/node-test-stand-in.cjs");
}
