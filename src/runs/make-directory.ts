import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** The folder mend keeps its records in inside a project (`.mend/runs`, `.mend/evals`). */
const RECORDS_FOLDER = ".mend";

/**
 * `mkdir -p` that cannot hang. Node 20's recursive mkdir loops forever where the kernel
 * answers ENOENT although the parent exists (procfs, sysfs: `--runs-dir /proc/x`); here each
 * missing level is made on its own, so such a folder fails like any other. A path that exists
 * but is not a folder fails with ENOTDIR.
 * A `.mend` folder made here gets a `.gitignore` that ignores everything in it, as pytest and
 * ruff do for their caches: run records are not the project's sources, and `git status` should
 * not list them after a first run.
 */
export function makeDirectory(path: string): void {
  const missing: string[] = [];
  for (let current = resolve(path); !existsSync(current); current = dirname(current)) {
    missing.push(current);
    if (dirname(current) === current) break;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir);
      if (basename(dir) === RECORDS_FOLDER) writeFileSync(join(dir, ".gitignore"), "# Written by mend: run records, not sources.\n*\n");
    } catch (error) {
      // Made meanwhile by someone else: fine, as with mkdir -p.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  if (!statSync(path).isDirectory()) {
    throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${path}'`), { code: "ENOTDIR" });
  }
}
