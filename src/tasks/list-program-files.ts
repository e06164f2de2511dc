import { readdir, stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import { type Language, languageOfFile } from "../shared/language.js";
import { looksLikeTestPath } from "../shared/looks-like-test-path.js";

/** Folders that hold no code of the user's own. */
const SKIPPED_DIRS = new Set(["node_modules", "__pycache__", ".git", ".mend", ".pytest_cache", ".venv", "venv", "dist", "build", "coverage"]);

/**
 * The program files named by `mend repair PATH...`, as absolute paths in the order given (empty
 * files last): a file as it is, a folder as its source files of the task's language (sorted,
 * tests and test helpers left out: the loop never edits tests). Paths given twice count once.
 */
export async function listProgramFiles(paths: readonly string[], cwd: string, language: Language | undefined): Promise<string[]> {
  const found: string[] = [];
  for (const given of paths) {
    const absolute = resolve(cwd, given);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) throw new UsageError(`draft file not found: ${given}`, { code: "draft_missing" });
    if (!info.isDirectory()) {
      found.push(absolute);
      continue;
    }
    const sources = await walk(absolute, absolute, language);
    if (sources.length === 0) throw new UsageError(`no ${language ?? "source"} files to repair in ${given}`, { code: "draft_missing" });
    found.push(...sources);
  }
  const unique = [...new Set(found)];
  // With no language given, a folder's files follow the first one's (a Python package's
  // helper script in JavaScript is not part of the program being repaired).
  const first = language ?? (unique[0] ? languageOfFile(unique[0]) : undefined);
  const named = new Set(paths.map((given) => resolve(cwd, given)));
  const kept = unique.filter((path) => !first || named.has(path) || languageOfFile(path) === first);
  // The first file is the entry, the program the loop validates: an empty package `__init__.py` cannot be it.
  const sizes = await Promise.all(kept.map(async (path) => (await stat(path)).size));
  return [...kept.filter((_, i) => sizes[i] > 0), ...kept.filter((_, i) => sizes[i] === 0)];
}

async function walk(top: string, dir: string, language: Language | undefined): Promise<string[]> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  const found: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const absolute = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...(await walk(top, absolute, language)));
      continue;
    }
    const fileLanguage = languageOfFile(entry.name);
    if (!entry.isFile() || !fileLanguage || (language && fileLanguage !== language)) continue;
    if (looksLikeTestPath(relative(top, absolute))) continue;
    found.push(absolute);
  }
  return found;
}
