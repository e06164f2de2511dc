import { constants } from "node:fs";
import { chmod, chown, lstat, mkdir, mkdtemp, open, readdir, realpath, rm, rmdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { SandboxError } from "../errors/sandbox-error.js";
import { firstLine, isQuotaFull, mountQuota, quotaMounts, unmountQuota } from "./disk-quota.js";
import { isProcessAlive } from "./is-process-alive.js";

/** Owner of the private folders when the sandbox runs the program as another user. */
export interface FolderOwner {
  uid: number;
  gid: number;
}

const PREFIX = "mend-run-";
/** Largest file read back by `collect` (a report, not a dump). */
const COLLECT_LIMIT = 16 * 1024 * 1024;
/** Entries looked at when searching for a file that reached the size limit. */
const SCAN_LIMIT = 10_000;

export interface RunFolderOptions {
  /**
   * Total bytes `work/` and `tmp/` may hold together. Where a tmpfs can be mounted (root),
   * the root becomes one of this size and the program meets ENOSPC beyond it; elsewhere
   * the folder has no total limit (`diskQuotaSupport` says why).
   */
  diskBytes?: number;
}

/**
 * The host side of one run: `work/` (the program's working folder), `tmp/` (its /tmp) and
 * `etc/` (generated passwd, group and hosts), all under one root removed afterwards.
 */
export class RunFolder {
  private constructor(
    readonly root: string,
    private readonly owner: FolderOwner | undefined,
    /** Whether a quota tmpfs is mounted on the root. */
    readonly quota: boolean,
  ) {}

  get work(): string {
    return join(this.root, "work");
  }

  get tmp(): string {
    return join(this.root, "tmp");
  }

  get etc(): string {
    return join(this.root, "etc");
  }

  static async create(owner?: FolderOwner, options: RunFolderOptions = {}): Promise<RunFolder> {
    // The owner's pid in the name lets a later process remove what a killed one left behind.
    const root = await mkdtemp(join(tmpdir(), `${PREFIX}${process.pid}-`));
    const quota = options.diskBytes !== undefined && "ok" in (await diskQuotaSupport());
    const folder = new RunFolder(root, owner, quota);
    try {
      await folder.lay(options.diskBytes);
    } catch (error) {
      await folder.remove();
      throw error;
    }
    return folder;
  }

  private async lay(diskBytes: number | undefined): Promise<void> {
    if (diskBytes !== undefined && this.quota) {
      try {
        await mountQuota(this.root, diskBytes, 0o711);
      } catch (error) {
        throw new SandboxError(`cannot mount the run folder's disk quota on ${this.root}`, { cause: error });
      }
    }
    // Others may pass through the root (to reach work/) but not list it.
    await chmod(this.root, 0o711);
    await mkdir(this.etc, { mode: 0o755 });
    await writeFile(join(this.etc, "passwd"), "root:x:0:0:root:/root:/usr/sbin/nologin\nsandbox:x:65534:65534:sandbox:/mend/work:/usr/sbin/nologin\n");
    await writeFile(join(this.etc, "group"), "root:x:0:\nsandbox:x:65534:\n");
    await writeFile(join(this.etc, "hosts"), "127.0.0.1 localhost\n::1 localhost ip6-localhost\n");
    for (const dir of [this.work, this.tmp]) {
      await mkdir(dir, { mode: 0o700 });
      await this.own(dir);
    }
  }

  /** Writes files into `work/` (relative paths that stay inside it). */
  async write(files: Record<string, string | Uint8Array>, into = this.work): Promise<void> {
    for (const [rel, content] of Object.entries(files)) {
      const target = inside(into, rel);
      if (!target) throw new SandboxError(`file path leaves the work folder: ${rel}`);
      for (const dir of parentsBetween(into, target)) {
        const made = await mkdir(dir).then(
          () => true,
          (error: NodeJS.ErrnoException) => {
            if (error.code === "EEXIST") return false;
            throw error;
          },
        );
        if (made) await this.own(dir);
      }
      await writeFile(target, content);
      await this.own(target);
    }
  }

  /**
   * Reads files back after the run. Everything in the folder was written by the program, so
   * a path that is or passes through a link leading outside is refused rather than followed.
   */
  async collect(paths: string[], from = this.work): Promise<Record<string, string>> {
    const files: Record<string, string> = {};
    const base = await realpath(from);
    for (const rel of paths) {
      const target = inside(from, rel);
      if (!target) continue;
      try {
        const real = await realpath(target);
        if (!inside(base, relative(base, real))) continue;
        const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
        try {
          if (!(await handle.stat()).isFile()) continue;
          const buffer = Buffer.alloc(COLLECT_LIMIT);
          const { bytesRead } = await handle.read(buffer, 0, COLLECT_LIMIT, 0);
          files[rel] = buffer.subarray(0, bytesRead).toString("utf8");
        } finally {
          await handle.close();
        }
      } catch {
        // A missing report is the caller's signal that the program never got that far.
      }
    }
    return files;
  }

  /** Whether some file in work/ or tmp/ reached `bytes`: the mark of a write refused with EFBIG. */
  async hasFileOfSize(bytes: number): Promise<boolean> {
    let seen = 0;
    const stack = [this.work, this.tmp];
    while (stack.length > 0 && seen < SCAN_LIMIT) {
      const dir = stack.pop() as string;
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        seen += 1;
        const path = join(dir, name);
        const info = await lstat(path).catch(() => undefined);
        if (info?.isDirectory()) stack.push(path);
        else if (info?.isFile() && info.size >= bytes) return true;
      }
    }
    return false;
  }

  /**
   * Whether the disk quota is used up: the kernel refused a write with ENOSPC. Read before
   * `remove`; always false without a quota.
   */
  async isDiskFull(): Promise<boolean> {
    return this.quota && (await isQuotaFull(this.root).catch(() => false));
  }

  /** Unmounts the quota (its files go with it) and removes the folder. */
  async remove(): Promise<void> {
    if (this.quota && (await quotaMounts(this.root)).includes(this.root)) {
      await unmountQuota(this.root);
    }
    await rm(this.root, { recursive: true, force: true, maxRetries: 3 });
  }

  private async own(path: string): Promise<void> {
    if (this.owner) await chown(path, this.owner.uid, this.owner.gid);
  }
}

let quotaSupport: Promise<{ ok: true } | { missing: string }> | undefined;

/**
 * Whether a run folder can get a disk quota here (a tmpfs is mounted and unmounted once per
 * process to find out). The probe is named like a run folder, so that if this process is
 * killed midway, the next start removes it with the other leftovers.
 */
export function diskQuotaSupport(): Promise<{ ok: true } | { missing: string }> {
  return (quotaSupport ??= probeDiskQuota());
}

/** Takes what an earlier process found (see `detectCapabilities`) instead of probing again. */
export function rememberDiskQuotaSupport(found: { ok: true } | { missing: string }): void {
  quotaSupport ??= Promise.resolve(found);
}

async function probeDiskQuota(): Promise<{ ok: true } | { missing: string }> {
  if (process.getuid?.() !== 0) return { missing: "mounting a tmpfs needs root" };
  let dir: string | undefined;
  try {
    dir = await mkdtemp(join(tmpdir(), `${PREFIX}${process.pid}-quota-probe-`));
    await mountQuota(dir, 1 << 20, 0o700);
    await unmountQuota(dir);
    return { ok: true };
  } catch (error) {
    return { missing: `cannot mount a tmpfs (${firstLine(error)})` };
  } finally {
    if (dir) await rmdir(dir).catch(() => undefined);
  }
}

/** Removes run folders whose mendloop process died before it could (killed with SIGKILL, say). */
export async function removeStaleRunFolders(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const name of names) {
    const owner = new RegExp(`^${PREFIX}(\\d+)-`).exec(name);
    if (!owner || isProcessAlive(Number(owner[1]))) continue;
    const root = join(tmpdir(), name);
    // Unmounted first: removing through a mount would empty the tmpfs and leave the mount behind.
    for (const mount of (await quotaMounts(root).catch(() => [])).reverse()) await unmountQuota(mount).catch(() => undefined);
    await rm(root, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** `base/rel` when `rel` is relative and stays inside `base`, else undefined. */
function inside(base: string, rel: string): string | undefined {
  if (!rel || isAbsolute(rel)) return undefined;
  const target = resolve(base, rel);
  return target.startsWith(base + sep) ? target : undefined;
}

function parentsBetween(base: string, target: string): string[] {
  const dirs: string[] = [];
  for (let dir = dirname(target); dir !== base; dir = dirname(dir)) dirs.unshift(dir);
  return dirs;
}
