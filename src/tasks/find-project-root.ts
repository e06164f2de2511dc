import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/** Files and folders that mark a project's root folder. */
export const PROJECT_MARKERS = [".git", "package.json", "pyproject.toml", "setup.cfg", "setup.py", "case.json"] as const;

/**
 * The nearest folder at or above `start` holding one of `PROJECT_MARKERS`, or undefined when
 * no folder up to the file system's root does.
 */
export function findProjectRoot(start: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    if (PROJECT_MARKERS.some((marker) => existsSync(join(dir, marker)))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
