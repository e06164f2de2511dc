import { runtimeSource } from "../../shared/runtime-source.js";

/** File name of the isolation script in the work folder. */
export const NODE_ISOLATE_FILE = "mend-node-isolate.mjs";

/** Runs each named test of a file in its own `node --test` process (runtime/node/mend-node-isolate.mjs). */
export function nodeIsolateSource(): string {
  return runtimeSource("node/mend-node-isolate.mjs");
}
