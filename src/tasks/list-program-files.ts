import { readdir, stat } from "node:fs/promises";
import { basename, join, relative, resolve, sep } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import { type Language, languageOfFile } from "../shared/language.js";
import { looksLikeTestPath } from "../shared/looks-like-test-path.js";

/** Folders that hold no code of the user's own. */
const SKIPPED_DIRS = new Set(["node_modules", "__pycache__", ".git", ".mend", ".pytest_cache", ".venv", "venv", "dist", "build", "coverage"]);

/**
 * Build and tool configuration met in a folder: `vite.config.ts`, `jest.config.js`,
 * `eslint.config.mjs`, gulp/grunt files, `setup.py`, `noxfile.py`. They configure how the
 * program is built and tested, they are not the program: the run still sees them (the project
 * is visible), but the loop neither checks nor edits them. Named outright, they count.
 */
const TOOL_CONFIG = /^(?:[\w-]+(?:\.[\w-]+)*\.config\.[cm]?[jt]s|[Gg]ulpfile\.[cm]?[jt]s|Gruntfile\.[cm]?[jt]s|setup\.py|noxfile\.py)$/;

/** The files named by `mend repair PATH...` / `mend check PATH...`, as absolute paths. */
export interface ProgramPaths {
  /** The program, in the order given (empty files last): the first one is the entry. */
  program: string[];
  /** The tests and test helpers met among the given paths (a tests folder, `test_x.py` named outright). */
  tests: string[];
}

/**
 * The program files named by `mend repair PATH...` and `mend check PATH...`: a file as it is, a
 * folder as its source files of the task's language (sorted). Tests and test helpers are never
 * part of the program (the loop never edits tests): a file named like a test, and a folder's
 * files that sit where tests do, are listed apart as `tests`. Paths given twice count once.
 */
export async function listProgramFiles(paths: readonly string[], cwd: string, language: Language | undefined): Promise<ProgramPaths> {
  const found: string[] = [];
  const tests: string[] = [];
  for (const given of paths) {
    const absolute = resolve(cwd, given);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) throw new UsageError(`file not found: ${given}`, { code: "file_missing" });
    if (!info.isDirectory()) {
      (looksLikeTestPath(basename(absolute)) ? tests : found).push(absolute);
      continue;
    }
    // A folder named like a tests folder (`mend check src tests`) holds tests throughout; the
    // working folder's own name says nothing (a checkout may well be called `tests`).
    const prefix = absolute === resolve(cwd) ? "" : `${basename(absolute)}/`;
    const sources = await walk(absolute, language);
    if (sources.length === 0) throw new UsageError(`no ${language ?? "source"} files in ${given}`, { code: "file_missing" });
    for (const source of sources) (looksLikeTestPath(prefix + relative(absolute, source).split(sep).join("/")) ? tests : found).push(source);
  }
  const unique = [...new Set(found)];
  // With no language given, a folder's files follow the first one's (a Python package's
  // helper script in JavaScript is not part of the program being repaired).
  const first = language ?? (unique[0] ? languageOfFile(unique[0]) : undefined);
  const named = new Set(paths.map((given) => resolve(cwd, given)));
  const kept = unique.filter((path) => !first || named.has(path) || languageOfFile(path) === first);
  // The first file is the entry, the program the loop validates: an empty package `__init__.py` cannot be it.
  const sizes = await Promise.all(kept.map(async (path) => (await stat(path)).size));
  const program = [...kept.filter((_, i) => sizes[i] > 0), ...kept.filter((_, i) => sizes[i] === 0)];
  return { program, tests: [...new Set(tests)].filter((path) => named.has(path) || !first || sameToolchain(first, languageOfFile(path))) };
}

/** JavaScript tests may exercise a TypeScript program and the other way round. */
function sameToolchain(a: Language, b: Language | undefined): boolean {
  return a === b || (b !== undefined && a !== "python" && b !== "python");
}

async function walk(dir: string, language: Language | undefined): Promise<string[]> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  const found: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const absolute = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...(await walk(absolute, language)));
      continue;
    }
    const fileLanguage = languageOfFile(entry.name);
    if (TOOL_CONFIG.test(entry.name)) continue;
    if (!entry.isFile() || !fileLanguage || (language && fileLanguage !== language && !sameToolchain(language, fileLanguage))) continue;
    found.push(absolute);
  }
  return found;
}
