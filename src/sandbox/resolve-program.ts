import { execFile } from "node:child_process";
import { accessSync, constants, openSync, readSync, closeSync, realpathSync } from "node:fs";
import { basename, delimiter, dirname, isAbsolute, join } from "node:path";
import { promisify } from "node:util";
import { SandboxError } from "../errors/sandbox-error.js";
import { lookupCacheDir, openLookupCache, type LookupCache } from "./lookup-cache.js";

/** A program as the sandbox runs it: the real executable and the host folders it needs. */
export interface ResolvedProgram {
  /** Absolute path, identical inside and outside the sandbox. */
  path: string;
  kind: "python" | "node" | "other";
  /** Installation folders outside the system folders, exposed read-only at the same path. */
  roots: string[];
  /** Folders put first on the program's PATH, so that it finds its own tools (`python3 -m`, `pytest`). */
  binDirs: string[];
  /** The interpreter's version (`3.11.7`, `v20.20.0`), when it was asked where it lives. */
  version?: string;
}

export interface ResolveOptions {
  /** The environment whose PATH and version managers decide (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** The folder whose version files (`.python-version`, `.nvmrc`...) decide (default: the current one). */
  cwd?: string;
  /** Where look-ups are kept across processes (default: the user's cache folder). */
  cache?: LookupCache;
}

/** Folders every sandbox exposes read-only anyway; programs inside them need nothing more. */
const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];
const PYTHON_NAME = /^python(\d+(\.\d+)?)?$/;
/** Version managers read these, besides PATH: pyenv, asdf, mise, nvm, volta, virtualenv, conda. */
const VERSION_ENV = /^(HOME|PYENV\w*|ASDF\w*|MISE\w*|RTX\w*|NVM\w*|VOLTA\w*|NODE_VERSION|VIRTUAL_ENV|CONDA_PREFIX|PYTHONHOME)$/;
const VERSION_FILES = { python: [".python-version", ".tool-versions", ".mise.toml"], node: [".nvmrc", ".node-version", ".tool-versions", ".mise.toml"] };

const memo = new Map<string, Promise<ResolvedProgram>>();

/**
 * Resolves `argv[0]` of a sandboxed command on the host. An interpreter is asked where it
 * really lives, because the name on PATH is often a shim (pyenv, asdf, mise) that would need
 * the whole home folder and costs up to a second per call; only the interpreter's own
 * installation is then exposed. The answer is kept in the user's cache folder per PATH,
 * version-manager settings and version files in force (`.python-version`, `.nvmrc`... from
 * the folder up), and used while the shim, the interpreter and those files are unchanged.
 */
export function resolveProgram(name: string, options: ResolveOptions = {}): Promise<ResolvedProgram> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const key = lookupKey(name, env, cwd);
  const memoKey = JSON.stringify(key);
  let resolved = memo.get(memoKey);
  if (!resolved) {
    resolved = lookUp(name, key, env, cwd, options.cache ?? openLookupCache("program", lookupCacheDir(env)));
    memo.set(memoKey, resolved);
    resolved.catch(() => memo.delete(memoKey));
  }
  return resolved;
}

export function isSystemPath(path: string): boolean {
  return SYSTEM_DIRS.some((dir) => path === dir || path.startsWith(`${dir}/`));
}

interface CachedProgram {
  found: string;
  program: ResolvedProgram;
}

/**
 * What decides which interpreter a name runs: PATH, the managers' settings, and which version
 * files exist from the folder up. Folders without any of their own share one entry; a version
 * file that appears or goes away makes another key.
 */
function lookupKey(name: string, env: NodeJS.ProcessEnv, cwd: string): unknown {
  const settings = Object.keys(env)
    .filter((variable) => VERSION_ENV.test(variable))
    .sort()
    .map((variable) => [variable, env[variable]]);
  return { name, path: env.PATH ?? "", settings, versionFiles: versionFilesFrom(cwd, kindOfName(name)).filter(exists) };
}

function kindOfName(name: string): "python" | "node" {
  return PYTHON_NAME.test(basename(name)) ? "python" : "node";
}

/** Where version managers look for a version file, nearest first. */
function versionFilesFrom(cwd: string, kind: "python" | "node"): string[] {
  const files: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    for (const file of VERSION_FILES[kind]) files.push(join(dir, file));
    if (dirname(dir) === dir) return files;
  }
}

function exists(path: string): boolean {
  try {
    accessSync(path);
    return true;
  } catch {
    return false;
  }
}

async function lookUp(name: string, key: unknown, env: NodeJS.ProcessEnv, cwd: string, cache: LookupCache): Promise<ResolvedProgram> {
  const found = isAbsolute(name) ? name : searchPath(name, env.PATH);
  const python = PYTHON_NAME.test(basename(name));
  if (!found) {
    throw new SandboxError(python ? `cannot run ${name} on the host to locate it: not found on PATH` : `${name} not found on PATH`);
  }
  // Only a real node binary is cheap to place; node behind a shim (asdf, mise) is asked like Python.
  const node = !python && basename(name) === "node";
  if (!python && !(node && !isNativeExecutable(found))) return resolveOther(found);
  const cached = cache.read<CachedProgram>(key);
  // Another program earlier on PATH now would be the one to run: the entry does not apply.
  if (cached && cached.found === found && typeof cached.program?.path === "string") return cached.program;
  const program = python ? await probePython(found, env, cwd) : await probeNode(found, env, cwd);
  cache.write(key, { found, program } satisfies CachedProgram, dependencies(found, program, env, cwd));
  return program;
}

/** The files whose change could make the same command resolve elsewhere. */
function dependencies(found: string, program: ResolvedProgram, env: NodeJS.ProcessEnv, cwd: string): string[] {
  const files = [found, realpathOr(found), program.path, realpathOr(program.path)];
  for (const root of program.roots) files.push(join(root, "pyvenv.cfg"));
  // The version files in force (the key names them), then those in the managers' homes.
  files.push(...versionFilesFrom(cwd, program.kind === "python" ? "python" : "node").filter(exists));
  const home = env.HOME ?? "";
  files.push(join(env.PYENV_ROOT ?? join(home, ".pyenv"), "version"), join(home, ".tool-versions"), join(home, ".nvm", "alias", "default"));
  return [...new Set(files)];
}

async function probePython(found: string, env: NodeJS.ProcessEnv, cwd: string): Promise<ResolvedProgram> {
  const probe =
    "import json, platform, sys; print(json.dumps([platform.python_version(), sys.executable, sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]))";
  const stdout = await ask(found, ["-c", probe], env, cwd);
  const [version, executable, ...prefixes] = JSON.parse(stdout) as string[];
  const path = realpathSync(executable);
  const roots = [...new Set(prefixes.map((prefix) => realpathSync(prefix)))].filter((dir) => !isSystemPath(dir));
  return { path: executable, kind: "python", roots, binDirs: [dirname(executable), dirname(path)].filter(unique), version };
}

async function probeNode(found: string, env: NodeJS.ProcessEnv, cwd: string): Promise<ResolvedProgram> {
  const stdout = await ask(found, ["-p", "JSON.stringify([process.version, process.execPath])"], env, cwd);
  const [version, executable] = JSON.parse(stdout) as string[];
  return { ...resolveOther(executable), kind: "node", version };
}

async function ask(found: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  try {
    return (await promisify(execFile)(found, args, { env, cwd, timeout: 30_000 })).stdout;
  } catch (error) {
    throw new SandboxError(`cannot run ${basename(found)} on the host to locate it: ${(error as Error).message.split("\n")[0]}`, {
      cause: error,
    });
  }
}

function resolveOther(found: string): ResolvedProgram {
  const path = realpathSync(found);
  const kind = basename(path) === "node" || path === realpathSync(process.execPath) ? "node" : "other";
  // An installation outside the system folders (nvm, a tarball) is a prefix with bin/ and lib/.
  const roots = isSystemPath(path) ? [] : [dirname(dirname(path))];
  return { path, kind, roots, binDirs: [dirname(found), dirname(path)].filter(unique) };
}

/** Whether the file is an ELF binary, not a script that picks the real program (a shim). */
function isNativeExecutable(path: string): boolean {
  const magic = Buffer.alloc(4);
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    return readSync(fd, magic, 0, 4, 0) === 4 && magic.toString("latin1") === "\x7fELF";
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function searchPath(name: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? "/usr/local/bin:/usr/bin:/bin").split(delimiter)) {
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

function realpathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function unique<T>(value: T, index: number, all: T[]): boolean {
  return all.indexOf(value) === index;
}
