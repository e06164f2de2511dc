import { readFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { looksLikeTestPath } from "../shared/looks-like-test-path.js";
import type { Task } from "../shared/task.js";

/** Test files read at most: a project with thousands of tests is not worth a long wait for a hint. */
const MAX_READ = 400;
const LARGEST_FILE = 512 * 1024;
const PACKAGE_FILES = {
  python: ["__init__.py"],
  javascript: ["index.js", "index.mjs", "index.cjs"],
  typescript: ["index.ts", "index.mts", "index.js"],
} as const;
const SOURCE = { python: /\.py$/, javascript: /\.[cm]?[jt]sx?$/, typescript: /\.[cm]?[jt]sx?$/ } as const;

/**
 * The project's test files that import the task's entry, for a run given no tests: `mend repair
 * lib/stats.js` in a project whose `__tests__/stats.test.js` requires `../lib/stats`. They are
 * not used unasked (running a project's tests is the user's choice, and may be slow), only
 * named, so that the user can pass them with --tests. Matched by the entry's module name in an
 * import (`from inventory.pricing import`, `import pricing`, `require("../lib/stats")`,
 * `from "@/cart"`), so a test of another module of the same name may be named too; and by the
 * name of each package above it whose `__init__.py` or `index` file imports what is below
 * (`from inventory import total_price` where `inventory/__init__.py` has `from .pricing import
 * total_price`), the usual way a package's tests reach its modules.
 */
export async function findProjectTests(task: Task): Promise<string[]> {
  const project = task.project;
  if (!project || task.tests.length > 0) return [];
  const stem = posix.basename(task.entry).replace(/\.[^.]+$/, "");
  if (stem === "" || stem === "__init__" || stem === "index") return [];
  const names = [stem, ...(await reexportingPackages(project.root, project.files, task.entry, stem, task.language))];
  const patterns = names.map((name) => importPattern(task.language, name));
  const candidates = project.files.filter((path) => looksLikeTestPath(path) && SOURCE[task.language].test(path) && path !== task.entry).slice(0, MAX_READ);
  const found: string[] = [];
  for (const path of candidates) {
    const text = await readFile(join(project.root, path), "utf8").catch(() => "");
    if (text.length <= LARGEST_FILE && patterns.some((pattern) => pattern.test(text))) found.push(path);
  }
  return found;
}

/**
 * The folders above the entry, nearest first, whose package file (`__init__.py`, `index.js` and
 * the like) imports the module or package below it; the walk ends at the first that does not.
 */
async function reexportingPackages(root: string, files: readonly string[], entry: string, stem: string, language: Task["language"]): Promise<string[]> {
  const present = new Set(files);
  const packages: string[] = [];
  let below = stem;
  for (let folder = posix.dirname(entry); folder !== "." && folder !== ""; folder = posix.dirname(folder)) {
    const indexFile = PACKAGE_FILES[language].map((name) => posix.join(folder, name)).find((path) => present.has(path));
    if (!indexFile) break;
    const text = await readFile(join(root, indexFile), "utf8").catch(() => "");
    if (text.length > LARGEST_FILE || !importPattern(language, below).test(text)) break;
    below = posix.basename(folder);
    packages.push(below);
  }
  return packages;
}

/** An import of module `stem`, relative ones (`from .pricing import`, `from . import pricing`) included. */
function importPattern(language: Task["language"], stem: string): RegExp {
  const name = stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (language === "python") return new RegExp(`^\\s*(?:from\\s+[\\w.]*\\b${name}\\s+import\\b|import\\s+(?:[\\w.]+\\.)?${name}\\b|from\\s+[\\w.]+\\s+import\\s+(?:\\(\\s*)?(?:[\\w\\s,]*,\\s*)?${name}\\b)`, "m");
  // A folder is imported by its index file, written out in ESM (`../src/index.js`), where
  // folder imports do not resolve.
  return new RegExp(`(?:require\\(|import\\(|from\\s+|import\\s+)\\s*["'](?:[^"']*/)?${name}(?:/index)?(?:\\.[cm]?[jt]sx?)?["']`);
}
