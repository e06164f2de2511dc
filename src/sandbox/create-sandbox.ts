import type { Sandbox } from "../shared/sandbox.js";
import { ProcessSandbox } from "./process-sandbox.js";

/** The strongest sandbox available on this machine. */
export function createSandbox(): Sandbox {
  return new ProcessSandbox();
}
