import { createRequire } from "node:module";
import type * as TypeScript from "typescript";

let compiler: typeof TypeScript | undefined;

/**
 * The TypeScript compiler, loaded on first use. Through `require`, not `import`: the package is
 * one 9 MB CommonJS file, and importing it from ESM first runs Node's CommonJS export scan over
 * all of it (about 3 s of a short command on a busy machine, against under 1 s for require),
 * and a Python run should not load it at all.
 */
export function typescript(): typeof TypeScript {
  compiler ??= createRequire(import.meta.url)("typescript") as typeof TypeScript;
  return compiler;
}
