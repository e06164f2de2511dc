import { lstat, mkdir, readdir, readlink, realpath, symlink } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { SandboxError } from "../errors/sandbox-error.js";
import { isInside } from "../shared/is-inside.js";

/** One host entry of the project shown inside the run, at its real path. */
export type ProjectEntry =
  | { kind: "bind"; host: string }
  | { kind: "symlink"; target: string; path: string };

/**
 * How a run sees a project: the folder `root` is the run's working folder at its real host
 * path. The run's own files (the candidate, runner scripts) sit in the private work folder,
 * which is mounted at `root`; every other entry of each folder on the way to them is bound
 * read-only from the host (`entries`), so the program reads the whole project but can write
 * only to its private copy. `outside` are host folders the project links to (a
 * `node_modules` package or a virtualenv symlinked from elsewhere), exposed read-only too.
 */
export interface ProjectOverlay {
  root: string;
  entries: ProjectEntry[];
  outside: string[];
}

/** Folders whose symbolic links lead to the project's environment. */
const LINK_FOLDERS = ["", "node_modules", "node_modules/.bin"];

/**
 * The overlay of `root` for a run whose own files are `files` (root-relative paths). Folders
 * holding one of those files are split entry by entry; all others are bound whole.
 */
export async function planProjectOverlay(root: string, files: readonly string[]): Promise<ProjectOverlay> {
  if (!isAbsolute(root)) throw new SandboxError(`project root must be absolute: ${root}`);
  const realRoot = await realpath(root).catch(() => {
    throw new SandboxError(`project root does not exist: ${root}`);
  });
  const own = new Set(files.map((file) => file.split(/[\\/]/).filter(Boolean).join("/")));
  const split = new Set<string>([""]);
  for (const file of own) {
    const parts = file.split("/");
    for (let depth = 1; depth < parts.length; depth++) split.add(parts.slice(0, depth).join("/"));
  }
  const entries: ProjectEntry[] = [];
  for (const dir of [...split].sort((a, b) => depth(a) - depth(b))) {
    const hostDir = join(realRoot, dir);
    const names = await readdir(hostDir).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const rel = dir ? `${dir}/${name}` : name;
      if (own.has(rel) || split.has(rel)) continue;
      const host = join(hostDir, name);
      const info = await lstat(host).catch(() => undefined);
      if (!info) continue;
      if (info.isSymbolicLink()) entries.push({ kind: "symlink", target: await readlink(host), path: host });
      else if (info.isFile() || info.isDirectory()) entries.push({ kind: "bind", host });
    }
  }
  return { root: realRoot, entries, outside: await linkedEnvironment(realRoot) };
}

/**
 * Host folders outside the root that the project's own links lead to: a symlinked virtualenv,
 * `node_modules` packages linked from another checkout (npm link, pnpm stores). For a target
 * inside a `node_modules` folder the whole folder is exposed, since Node resolves a package's
 * own dependencies from its real path.
 */
async function linkedEnvironment(root: string): Promise<string[]> {
  const found = new Set<string>();
  const folders = [...LINK_FOLDERS];
  const scopes = await readdir(join(root, "node_modules")).catch(() => [] as string[]);
  folders.push(...scopes.filter((name) => name.startsWith("@")).map((name) => `node_modules/${name}`));
  for (const folder of folders) {
    const dir = join(root, folder);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(dir, name);
      const info = await lstat(path).catch(() => undefined);
      if (!info?.isSymbolicLink()) continue;
      const real = await realpath(path).catch(() => undefined);
      if (!real || isInside(root, real)) continue;
      const at = real.lastIndexOf(`${sep}node_modules${sep}`);
      found.add(at >= 0 ? real.slice(0, at + "/node_modules".length) : real);
    }
  }
  return [...found].sort();
}

function depth(rel: string): number {
  return rel === "" ? 0 : rel.split("/").length;
}

/**
 * Where no mount namespace exists: the overlay as symbolic links in the work folder. The
 * program then reads the project through the links, but nothing stops it from writing
 * through them; only the namespace tier keeps the user's tree read-only.
 */
export async function linkProjectEntries(work: string, overlay: ProjectOverlay): Promise<void> {
  for (const entry of overlay.entries) {
    const path = entry.kind === "bind" ? entry.host : entry.path;
    const at = join(work, relative(overlay.root, path));
    await mkdir(dirname(at), { recursive: true });
    await symlink(entry.kind === "bind" ? entry.host : entry.target, at).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  }
}
