import { runtimeSource } from "../shared/runtime-source.js";

/**
 * The Python side of the fast tier (runtime/python/fork_server.py): a warm pytest fork server
 * serving one candidate per request, each in a forked child with a fresh working copy.
 */
export function pythonForkServerSource(): string {
  return runtimeSource("python/fork_server.py");
}
