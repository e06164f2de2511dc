import { realpath } from "node:fs/promises";
import { resolve } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import { isInside } from "../shared/is-inside.js";

/**
 * Refuses `path` unless it lies inside `root`, after following symbolic links, so that a
 * link inside the folder cannot reach out of it. A path that does not exist is judged by its
 * name: whoever reads it next reports it missing.
 */
export async function assertWithin(root: string, path: string, given: string): Promise<void> {
  const realRoot = await realpath(root).catch(() => resolve(root));
  const real = await realpath(path).catch(() => undefined);
  const inside = real !== undefined ? isInside(realRoot, real) : isInside(resolve(root), resolve(path)) || isInside(realRoot, resolve(path));
  if (!inside) throw new UsageError(`${given} is outside the working folder ${resolve(root)}`, { code: "path_outside" });
}
