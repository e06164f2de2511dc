import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SandboxError } from "../errors/sandbox-error.js";

/**
 * The package's `runtime/` folder: the Python and Node programs that run inside the sandbox
 * (the fork server, the node:test server, the pytest plugin, the repair runners...), kept as
 * files of their own language so that they are linted, type-checked and tested as programs.
 * This file sits two levels below the package root both as `src/shared/*.ts` (tests) and as
 * `dist/shared/*.js` (a build, an installed package), so one relative path serves both.
 */
export const RUNTIME_ROOT = fileURLToPath(new URL("../../runtime/", import.meta.url));

const cache = new Map<string, string>();

/** The text of a runtime program, by its path under `runtime/` (read once per process). */
export function runtimeSource(path: string): string {
  const cached = cache.get(path);
  if (cached !== undefined) return cached;
  let text: string;
  try {
    text = readFileSync(new URL(path, new URL("../../runtime/", import.meta.url)), "utf8");
  } catch (cause) {
    throw new SandboxError(`mendloop's runtime program ${path} is missing from ${RUNTIME_ROOT} (a broken install?)`, { cause });
  }
  cache.set(path, text);
  return text;
}
