import { readFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { looksLikeTestPath } from "../shared/looks-like-test-path.js";
import type { Task } from "../shared/task.js";

/** Test files read at most: a project with thousands of tests is not worth a long wait for a hint. */
const MAX_READ = 400;
const LARGEST_FILE = 512 * 1024;
const SOURCE = { python: /\.py$/, javascript: /\.[cm]?[jt]sx?$/, typescript: /\.[cm]?[jt]sx?$/ } as const;

/**
 * The project's test files that import the task's entry, for a run given no tests: `mend repair
 * lib/stats.js` in a project whose `__tests__/stats.test.js` requires `../lib/stats`. They are
 * not used unasked (running a project's tests is the user's choice, and may be slow), only
 * named, so that the user can pass them with --tests. Matched by the entry's module name in an
 * import (`from inventory.pricing import`, `import pricing`, `require("../lib/stats")`,
 * `from "@/cart"`), so a test of another module of the same name may be named too.
 */
export async function findProjectTests(task: Task): Promise<string[]> {
  const project = task.project;
  if (!project || task.tests.length > 0) return [];
  const stem = posix.basename(task.entry).replace(/\.[^.]+$/, "");
  if (stem === "" || stem === "__init__" || stem === "index") return [];
  const imports = importPattern(task.language, stem);
  const candidates = project.files.filter((path) => looksLikeTestPath(path) && SOURCE[task.language].test(path) && path !== task.entry).slice(0, MAX_READ);
  const found: string[] = [];
  for (const path of candidates) {
    const text = await readFile(join(project.root, path), "utf8").catch(() => "");
    if (text.length <= LARGEST_FILE && imports.test(text)) found.push(path);
  }
  return found;
}

function importPattern(language: Task["language"], stem: string): RegExp {
  const name = stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (language === "python") return new RegExp(`^\\s*(?:from\\s+[\\w.]*\\b${name}\\s+import\\b|import\\s+(?:[\\w.]+\\.)?${name}\\b|from\\s+[\\w.]+\\s+import\\s+(?:\\(\\s*)?(?:[\\w\\s,]*,\\s*)?${name}\\b)`, "m");
  return new RegExp(`(?:require\\(|import\\(|from\\s+|import\\s+)\\s*["'](?:[^"']*/)?${name}(?:\\.[cm]?[jt]sx?)?["']`);
}
