import { join, relative } from "node:path";
import type { Task } from "../shared/task.js";
import { findProjectTests } from "../tasks/find-project-tests.js";

/** At most this many files are named; the rest are counted. */
const NAMED = 3;

/**
 * One line for stderr when a program was given without tests and its project has tests that
 * import it: their paths as `--tests` would take them (relative to the working folder).
 */
export async function projectTestsHint(task: Task): Promise<string | undefined> {
  const found = await findProjectTests(task);
  if (found.length === 0 || !task.project) return undefined;
  const root = task.project.root;
  const paths = found.map((path) => relative(process.cwd(), join(root, path)) || path);
  const named = paths.slice(0, NAMED).join(" ");
  const more = paths.length > NAMED ? ` and ${paths.length - NAMED} more` : "";
  const flags = paths
    .slice(0, NAMED)
    .map((path) => `--tests ${path}`)
    .join(" ");
  return `mend: no tests given, and the project has tests that import ${task.entry}: ${named}${more}; to verify by them, add ${flags}`;
}
