import { execFile } from "node:child_process";
import { readFile, statfs } from "node:fs/promises";
import { sep } from "node:path";
import { promisify } from "node:util";

/*
 * A total disk quota for a run's folder: a size-limited tmpfs mounted over it (root only).
 * RLIMIT_FSIZE caps each file; this caps the sum, so a program writing many files gets
 * ENOSPC instead of filling the host's disk. tmpfs pages are charged to the memory cgroup
 * of the process that writes them, so what a program writes also counts against its memory.
 */

const run = promisify(execFile);
/** Marks our mounts in the mount table (the "device" column), so they are told apart from others'. */
const SOURCE = "mend-quota";

/** Mounts a tmpfs of `bytes` over `dir` (nodev, nosuid: nothing placed there gains rights). */
export async function mountQuota(dir: string, bytes: number, mode: number): Promise<void> {
  const options = `size=${bytes},mode=${mode.toString(8).padStart(4, "0")},nodev,nosuid`;
  await run("mount", ["-t", "tmpfs", "-o", options, SOURCE, dir]);
}

/**
 * Unmounts the quota tmpfs at `dir`. A process that has not quite died yet may still hold a
 * file there; the mount is then detached at once and freed when the last holder goes.
 */
export async function unmountQuota(dir: string): Promise<void> {
  try {
    await run("umount", [dir]);
  } catch {
    if ((await quotaMounts()).includes(dir)) await run("umount", ["--lazy", dir]);
  }
}

/** Whether the quota at `dir` is used up (no block or no inode left): the program met ENOSPC. */
export async function isQuotaFull(dir: string): Promise<boolean> {
  const info = await statfs(dir);
  return info.bavail === 0 || info.ffree === 0;
}

/** Mount points of every quota tmpfs in this mount namespace, optionally only those at or under `prefix`. */
export async function quotaMounts(prefix?: string): Promise<string[]> {
  const table = await readFile("/proc/self/mounts", "utf8");
  return table
    .split("\n")
    .map((line) => line.split(" "))
    .filter((fields) => fields[0] === SOURCE && fields[2] === "tmpfs")
    .map((fields) => unescapeMountPath(fields[1]))
    .filter((path) => prefix === undefined || path === prefix || path.startsWith(prefix.endsWith(sep) ? prefix : prefix + sep));
}

/** The mount table writes spaces, tabs, newlines and backslashes in paths as octal escapes. */
function unescapeMountPath(path: string): string {
  return path.replace(/\\([0-7]{3})/g, (_match, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/** The first line of what `mount` or `umount` said, for a warning. */
export function firstLine(error: unknown): string {
  const { stderr, message } = error as { stderr?: string; message?: string };
  return (stderr || message || "error").trim().split("\n")[0];
}
