import { readFileSync } from "node:fs";
import { join } from "node:path";
import { looksLikeTestPath } from "../shared/looks-like-test-path.js";

/** The files of a task as diagnosis sees them: what the program is, what the tests are. */
export interface TaskFiles {
  /** Program files (the entry and support files), by work-folder-relative path. */
  program: Record<string, string>;
  /** Test files, by work-folder-relative path. */
  tests: Record<string, string>;
  /**
   * The project around the task (root-relative file list): a frame in one of its other source
   * modules is the program's (a sibling module the tests reach through the entry), read from disk
   * when shown; its test helpers (conftest.py, files under a tests folder) stay the tests'.
   */
  project?: { root: string; files: ReadonlySet<string> };
}

export function isProgramFile(files: TaskFiles, path: string): boolean {
  return Object.hasOwn(files.program, path) || (isProjectFile(files, path) && !looksLikeTestPath(path));
}

export function isTestFile(files: TaskFiles, path: string): boolean {
  return Object.hasOwn(files.tests, path) || (isProjectFile(files, path) && looksLikeTestPath(path));
}

export function fileContent(files: TaskFiles, path: string): string | undefined {
  const own = files.program[path] ?? files.tests[path];
  if (own !== undefined || !files.project || !isProjectFile(files, path)) return own;
  try {
    return readFileSync(join(files.project.root, path), "utf8");
  } catch {
    return undefined;
  }
}

/** A file of the project that is not one of the task's own (those are answered from memory). */
function isProjectFile(files: TaskFiles, path: string): boolean {
  return files.project !== undefined && files.project.files.has(path) && !Object.hasOwn(files.program, path) && !Object.hasOwn(files.tests, path);
}
