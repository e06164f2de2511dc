import { isAbsolute, relative, resolve } from "node:path";

/** Whether `path` is `root` or lies under it, by name (callers resolve symbolic links first where links matter). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(resolve(root), resolve(path));
  return rel !== ".." && !rel.startsWith("../") && !isAbsolute(rel);
}
