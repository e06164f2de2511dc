import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * `mkdir -p` that cannot hang. Node 20's recursive mkdir loops forever where the kernel
 * answers ENOENT although the parent exists (procfs, sysfs: `--runs-dir /proc/x`); here each
 * missing level is made on its own, so such a folder fails like any other. A path that exists
 * but is not a folder fails with ENOTDIR.
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
    } catch (error) {
      // Made meanwhile by someone else: fine, as with mkdir -p.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  if (!statSync(path).isDirectory()) {
    throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${path}'`), { code: "ENOTDIR" });
  }
}
