import { execFile } from "node:child_process";
import { accessSync, constants, realpathSync } from "node:fs";
import { basename, delimiter, dirname, isAbsolute, join } from "node:path";
import { promisify } from "node:util";
import { SandboxError } from "../errors/sandbox-error.js";

/** A program as the sandbox runs it: the real executable and the host folders it needs. */
export interface ResolvedProgram {
  /** Absolute path, identical inside and outside the sandbox. */
  path: string;
  kind: "python" | "node" | "other";
  /** Installation folders outside the system folders, exposed read-only at the same path. */
  roots: string[];
  /** Folders put first on the program's PATH, so that it finds its own tools (`python3 -m`, `pytest`). */
  binDirs: string[];
}

/** Folders every sandbox exposes read-only anyway; programs inside them need nothing more. */
const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];
const PYTHON_NAME = /^python(\d+(\.\d+)?)?$/;

const cache = new Map<string, Promise<ResolvedProgram>>();

/**
 * Resolves `argv[0]` of a sandboxed command on the host. Python is asked where it really
 * lives, because the name on PATH is often a shim (pyenv, asdf) that would need the whole
 * home folder; only the interpreter's own installation is then exposed.
 */
export function resolveProgram(name: string): Promise<ResolvedProgram> {
  let resolved = cache.get(name);
  if (!resolved) {
    resolved = PYTHON_NAME.test(basename(name)) ? resolvePython(name) : resolveOther(name);
    cache.set(name, resolved);
    resolved.catch(() => cache.delete(name));
  }
  return resolved;
}

export function isSystemPath(path: string): boolean {
  return SYSTEM_DIRS.some((dir) => path === dir || path.startsWith(`${dir}/`));
}

async function resolvePython(name: string): Promise<ResolvedProgram> {
  const probe =
    "import json, sys; print(json.dumps([sys.executable, sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]))";
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(name, ["-c", probe], { timeout: 30_000 }));
  } catch (error) {
    throw new SandboxError(`cannot run ${name} on the host to locate it: ${(error as Error).message.split("\n")[0]}`, {
      cause: error,
    });
  }
  const [executable, ...prefixes] = JSON.parse(stdout) as string[];
  const path = realpathSync(executable);
  const roots = [...new Set(prefixes.map((prefix) => realpathSync(prefix)))].filter((dir) => !isSystemPath(dir));
  return { path: executable, kind: "python", roots, binDirs: [dirname(executable), dirname(path)].filter(unique) };
}

async function resolveOther(name: string): Promise<ResolvedProgram> {
  const found = isAbsolute(name) ? name : searchPath(name);
  if (!found) throw new SandboxError(`${name} not found on PATH`);
  const path = realpathSync(found);
  const kind = basename(path) === "node" || path === realpathSync(process.execPath) ? "node" : "other";
  // An installation outside the system folders (nvm, a tarball) is a prefix with bin/ and lib/.
  const roots = isSystemPath(path) ? [] : [dirname(dirname(path))];
  return { path, kind, roots, binDirs: [dirname(found), dirname(path)].filter(unique) };
}

function searchPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

function unique<T>(value: T, index: number, all: T[]): boolean {
  return all.indexOf(value) === index;
}
