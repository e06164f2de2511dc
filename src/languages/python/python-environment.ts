import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { isInside } from "../../shared/is-inside.js";

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

/**
 * Source folders inside the project that its virtualenv's `.pth` files put on Python's path:
 * what an editable install (`pip install -e .` of a src layout; setuptools, hatch, pdm and
 * poetry write the folder's path in a `.pth` file) adds. Python reads `.pth` files only in
 * its own site folders, and the sandbox's interpreter gets the project's site-packages on
 * PYTHONPATH, so these would be missed. Lines that run code (`import ...`, the finders of
 * flat-layout installs, whose packages sit at the root, already on the path) are not run,
 * and folders outside the project are left out (the sandbox shows the project, not the disk).
 */
export function editableSourcePaths(root: string, sitePackages: readonly string[]): string[] {
  const found: string[] = [];
  for (const site of sitePackages) {
    let names: string[];
    try {
      names = readdirSync(site).filter((name) => name.endsWith(".pth"));
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      for (const line of readText(join(site, name)).split("\n")) {
        const entry = line.trim();
        if (entry === "" || entry.startsWith("#") || /^import[\s\t]/.test(entry)) continue;
        const dir = isAbsolute(entry) ? entry : resolve(site, entry);
        if (isInside(root, dir) && isDirectory(dir) && !found.includes(dir)) found.push(dir);
      }
    }
  }
  return found;
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
