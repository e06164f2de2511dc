import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Folders a project keeps its virtualenv in, by convention. */
const VENV_NAMES = [".venv", "venv"];

/**
 * The `site-packages` folders of the project's Python environment: `$VIRTUAL_ENV` when set,
 * else a `.venv` or `venv` folder at the root. The sandbox's own interpreter runs the tests
 * (pytest comes with mendloop's setup); the project's packages are
 * found through these folders.
 */
export function projectSitePackages(root: string, virtualEnv = process.env.VIRTUAL_ENV): string[] {
  const candidates = [virtualEnv, ...VENV_NAMES.map((name) => join(root, name))].filter((dir): dir is string => Boolean(dir));
  for (const venv of candidates) {
    if (!existsSync(join(venv, "pyvenv.cfg"))) continue;
    const lib = join(venv, "lib");
    const found = (existsSync(lib) ? readdirSync(lib) : [])
      .filter((name) => /^python3\.\d+$/.test(name))
      .map((name) => join(lib, name, "site-packages"))
      .filter((dir) => existsSync(dir));
    if (found.length > 0) return found;
  }
  return [];
}
