import { lstat, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import ignore, { type Ignore } from "ignore";
import { UsageError } from "../errors/usage-error.js";

/** At most this many files under a project root (past it, `--root` must name a smaller folder). */
export const MAX_PROJECT_FILES = 5_000;
/** At most this many bytes in those files together. */
export const MAX_PROJECT_BYTES = 100 * 1024 * 1024;

/**
 * Folders never counted as the project's own files: version control, caches, and installed
 * environments (still visible to runs, which resolve packages from them, but not the user's code).
 */
const SKIPPED = new Set([
  ".git",
  ".hg",
  ".svn",
  ".mend",
  "node_modules",
  "__pycache__",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
  ".tox",
  ".nox",
  ".venv",
  "venv",
  ".cache",
  ".vite",
  ".next",
  ".turbo",
]);

/**
 * The files of the project at `root` (root-relative, `/`-separated, sorted), honouring every
 * `.gitignore` on the way. Throws a UsageError naming the cap when the project is too large
 * to take as a whole.
 */
export async function listProjectFiles(
  root: string,
  caps: { files: number; bytes: number } = { files: MAX_PROJECT_FILES, bytes: MAX_PROJECT_BYTES },
): Promise<string[]> {
  const files: string[] = [];
  let bytes = 0;
  const tooLarge = (what: string) =>
    new UsageError(`the project root ${root} holds more than ${what} (the cap): pass --root with a smaller folder`, {
      code: "project_too_large",
    });
  const walk = async (rel: string, rules: Array<{ base: string; ignore: Ignore }>): Promise<void> => {
    const dir = rel ? join(root, rel) : root;
    const names = (await readdir(dir).catch(() => [] as string[])).sort();
    const own = names.includes(".gitignore") ? await readFile(join(dir, ".gitignore"), "utf8").catch(() => "") : "";
    const active = own ? [...rules, { base: rel, ignore: ignore().add(own) }] : rules;
    for (const name of names) {
      if (SKIPPED.has(name)) continue;
      const path = rel ? `${rel}/${name}` : name;
      const info = await lstat(join(root, path)).catch(() => undefined);
      if (!info || !(info.isFile() || info.isDirectory())) continue;
      if (isIgnored(active, path, info.isDirectory())) continue;
      if (info.isDirectory()) {
        await walk(path, active);
        continue;
      }
      files.push(path);
      bytes += info.size;
      if (files.length > caps.files) throw tooLarge(`${caps.files} files`);
      if (bytes > caps.bytes) throw tooLarge(`${Math.round(caps.bytes / 1024 / 1024)} MiB of files`);
    }
  };
  await walk("", []);
  return files;
}

function isIgnored(rules: ReadonlyArray<{ base: string; ignore: Ignore }>, path: string, directory: boolean): boolean {
  for (const { base, ignore: rule } of rules) {
    const rel = base ? path.slice(base.length + 1) : path;
    if (rule.ignores(directory ? `${rel}/` : rel)) return true;
  }
  return false;
}
