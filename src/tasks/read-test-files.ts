import { readdir, readFile, stat } from "node:fs/promises";
import { basename, join, relative, resolve, sep } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import { type Language, languageOfFile } from "../shared/language.js";
import type { SourceFile } from "../shared/task.js";

const SKIPPED_DIRS = new Set(["node_modules", "__pycache__", ".git", ".mend", ".pytest_cache", "dist"]);

/** A tests path as the user wrote it, and the folder it is relative to. */
export interface TestPath {
  given: string;
  base: string;
}

/**
 * Reads `--tests` paths (files or folders) into memory. A file lands in the work folder
 * under its own name; a folder's source files keep their paths relative to the folder, so
 * the tests sit next to the program as runners expect. The program itself (`exclude`) is
 * never taken as a test even when it shares the folder.
 */
export async function readTestFiles(
  paths: readonly TestPath[],
  options: {
    language?: Language;
    exclude?: readonly string[];
    /** A project root: every test keeps its path relative to it instead of landing beside the program. */
    relativeTo?: string;
  },
): Promise<SourceFile[]> {
  const excluded = new Set((options.exclude ?? []).map((path) => resolve(path)));
  const files = new Map<string, SourceFile>();
  for (const { given, base } of paths) {
    const absolute = resolve(base, given);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) throw new UsageError(`tests path does not exist: ${given}`, { code: "tests_missing" });
    const found = info.isDirectory()
      ? await listSources(absolute, options.language, excluded)
      : [{ absolute, path: basename(absolute) }];
    for (const { absolute: file, path: placed } of found) {
      const path = options.relativeTo ? relative(options.relativeTo, file).split(sep).join("/") : placed;
      if (files.has(path)) throw new UsageError(`two test files would both be placed at ${path}`, { code: "tests_clash" });
      files.set(path, { path, content: await readFile(file, "utf8") });
    }
  }
  return [...files.values()];
}

async function listSources(
  root: string,
  language: Language | undefined,
  excluded: ReadonlySet<string>,
): Promise<{ absolute: string; path: string }[]> {
  const found: { absolute: string; path: string }[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const absolute = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) await walk(absolute);
        continue;
      }
      const fileLanguage = languageOfFile(entry.name);
      if (!entry.isFile() || !fileLanguage || excluded.has(absolute)) continue;
      if (language && !sameToolchain(language, fileLanguage)) continue;
      found.push({ absolute, path: relative(root, absolute).split(sep).join("/") });
    }
  };
  await walk(root);
  if (found.length === 0) throw new UsageError(`no test files found in ${root}`, { code: "tests_missing" });
  return found;
}

/** JavaScript tests may exercise a TypeScript program and the other way round. */
function sameToolchain(a: Language, b: Language): boolean {
  return a === b || (a !== "python" && b !== "python");
}
