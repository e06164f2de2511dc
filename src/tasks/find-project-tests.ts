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
 * total_price`), the usual way a package's tests reach its modules. A test that takes named
 * imports from such a package is named only if one of them is a name the package takes from
 * the module below (where both lists can be read): a package's index reaches every module, and
 * `import { slugify } from "../src/index.js"` is no test of `src/wrap.js`.
 */
export async function findProjectTests(task: Task): Promise<string[]> {
  const project = task.project;
  if (!project || task.tests.length > 0) return [];
  const stem = posix.basename(task.entry).replace(/\.[^.]+$/, "");
  if (stem === "" || stem === "__init__" || stem === "index") return [];
  const direct = importPattern(task.language, stem);
  const packages = await reexportingPackages(project.root, project.files, task.entry, stem, task.language);
  const candidates = project.files.filter((path) => looksLikeTestPath(path) && SOURCE[task.language].test(path) && path !== task.entry).slice(0, MAX_READ);
  const found: string[] = [];
  for (const path of candidates) {
    const text = await readFile(join(project.root, path), "utf8").catch(() => "");
    if (text.length > LARGEST_FILE) continue;
    if (direct.test(text) || packages.some((reached) => importsFromPackage(text, reached, task.language))) found.push(path);
  }
  return found;
}

/** A package above the entry, and the names its package file takes from the module below (undefined: not known). */
interface ReachingPackage {
  name: string;
  /** An import of the package (`importPattern`). */
  pattern: RegExp;
  names: Set<string> | undefined;
}

/** Whether `text` imports `reached`, and takes one of its names from below when both lists are known. */
function importsFromPackage(text: string, reached: ReachingPackage, language: Task["language"]): boolean {
  if (!reached.pattern.test(text)) return false;
  if (!reached.names) return true;
  const taken = namesImported(text, reached.name, language, "module");
  return !taken || taken.some((name) => reached.names?.has(name));
}

/**
 * The folders above the entry, nearest first, whose package file (`__init__.py`, `index.js` and
 * the like) imports the module or package below it; the walk ends at the first that does not.
 */
async function reexportingPackages(root: string, files: readonly string[], entry: string, stem: string, language: Task["language"]): Promise<ReachingPackage[]> {
  const present = new Set(files);
  const packages: ReachingPackage[] = [];
  let below = stem;
  for (let folder = posix.dirname(entry); folder !== "." && folder !== ""; folder = posix.dirname(folder)) {
    const indexFile = PACKAGE_FILES[language].map((name) => posix.join(folder, name)).find((path) => present.has(path));
    if (!indexFile) break;
    const text = await readFile(join(root, indexFile), "utf8").catch(() => "");
    if (text.length > LARGEST_FILE || !importPattern(language, below).test(text)) break;
    // What the package file names the entry's functions, which its importers then take.
    const taken = namesImported(text, below, language, "importer");
    below = posix.basename(folder);
    packages.push({ name: below, pattern: importPattern(language, below), names: taken ? new Set(taken) : undefined });
  }
  return packages;
}

/**
 * The names `text` takes by name from module `stem` (`import { a, b as c }`, `export { a } from`,
 * `const { a, b: c } = require(...)`, `from .stem import a, b`: the names as the module has
 * them, `side` "module", or as the importer does, "importer"), or undefined when any import of it takes the module whole (`import * as`, a default
 * import, `export *`, a spread `require`, `from .stem import *`, `import stem`).
 */
function namesImported(text: string, stem: string, language: Task["language"], side: "module" | "importer"): string[] | undefined {
  // `a as b`, `a: b`: the module's name is the first, the importer's the second.
  const pick = (parts: string[]): string => (side === "module" ? parts[0] : (parts[1] ?? parts[0]));
  const name = escaped(stem);
  const names: string[] = [];
  if (language === "python") {
    const from = new RegExp(`^\\s*${pythonFromImport(name)}\\s+(\\([^)]*\\)|[^\\n#]+)`, "gm");
    let whole = new RegExp(`^\\s*(?:${pythonWholeImport(name)})`, "m").test(text);
    for (const match of text.matchAll(from)) {
      const list = match[1].replace(/[()\\]/g, " ");
      if (list.trim() === "*") whole = true;
      for (const item of list.split(",")) {
        const picked = pick(item.trim().split(/\s+as\s+/));
        if (/^\w+$/.test(picked)) names.push(picked);
      }
    }
    return whole || names.length === 0 ? undefined : names;
  }
  const specifier = moduleSpecifier(name);
  const braces = new RegExp(`(?:import|export)\\s*(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*${specifier}|(?:const|let|var)\\s*\\{([^}]*)\\}\\s*=\\s*require\\(\\s*${specifier}\\s*\\)`, "g");
  let braced = 0;
  for (const match of text.matchAll(braces)) {
    braced += 1;
    for (const item of (match[1] ?? match[2]).split(",")) {
      const picked = pick(item.trim().replace(/^type\s+/, "").split(/\s+as\s+|\s*:\s*/));
      if (/^[\w$]+$/.test(picked)) names.push(picked);
    }
  }
  const all = text.match(new RegExp(javascriptImport(name), "g"))?.length ?? 0;
  // Every import of the module took names in braces; any other takes it whole.
  return braced > 0 && braced === all && names.length > 0 ? names : undefined;
}

/** An import of module `stem`, relative ones (`from .pricing import`, `from . import pricing`) included. */
function importPattern(language: Task["language"], stem: string): RegExp {
  const name = escaped(stem);
  if (language === "python") return new RegExp(`^\\s*(?:${pythonFromImport(name)}\\b|${pythonWholeImport(name)})`, "m");
  return new RegExp(javascriptImport(name));
}

function escaped(stem: string): string {
  return stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `from pkg.NAME import`, `from .NAME import`: names taken from module NAME. */
function pythonFromImport(name: string): string {
  return `from\\s+[\\w.]*\\b${name}\\s+import`;
}

/** `import pkg.NAME`, `from pkg import NAME` (`from . import a, NAME`): module NAME taken whole. */
function pythonWholeImport(name: string): string {
  return `import\\s+(?:[\\w.]+\\.)?${name}\\b|from\\s+[\\w.]+\\s+import\\s+(?:\\(\\s*)?(?:[\\w\\s,]*,\\s*)?${name}\\b`;
}

/**
 * The string naming module NAME in an import; a folder is imported by its index file, written
 * out in ESM (`../src/index.js`), where folder imports do not resolve.
 */
function moduleSpecifier(name: string): string {
  return `["'](?:[^"']*/)?${name}(?:/index)?(?:\\.[cm]?[jt]sx?)?["']`;
}

/** Any import of module NAME: `require(...)`, `import(...)`, `from ...`, `import ...`. */
function javascriptImport(name: string): string {
  return `(?:require\\(|import\\(|from\\s+|import\\s+)\\s*${moduleSpecifier(name)}`;
}
