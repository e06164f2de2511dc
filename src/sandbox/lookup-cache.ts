import { createHash, randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * What a host look-up found (an interpreter behind a shim, which isolation mechanisms work),
 * kept across processes in the user's cache folder so that each `mend` command does not pay
 * for it again. An entry holds the stamps of the files the answer depends on; it is used only
 * while every stamp is unchanged, so an entry can be old but never wrong about those files.
 * Anything unreadable (a torn write, another version's layout) counts as no entry.
 */
export interface LookupCache {
  /** The value stored for `key`, if every file stamped with it is as it was. */
  read<T>(key: unknown): T | undefined;
  /** Stores `value` for `key` along with the current stamps of `files`. Never throws. */
  write(key: unknown, value: unknown, files: string[]): void;
  /** Drops the entry for `key` (its value turned out wrong). Never throws. */
  forget(key: unknown): void;
}

interface Entry {
  key: string;
  value: unknown;
  stamps: Record<string, string>;
}

/** Bumped when an entry's meaning changes: older entries are then never read. */
const LAYOUT = 1;

/** `$XDG_CACHE_HOME/mendloop`, else `~/.cache/mendloop`. */
export function lookupCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith("/") ? env.XDG_CACHE_HOME : join(homedir(), ".cache");
  return join(base, "mendloop");
}

/** The entries of one kind of look-up (`kind` names the files), one file per key. */
export function openLookupCache(kind: string, dir: string = lookupCacheDir()): LookupCache {
  const fileOf = (key: string) => join(dir, `${kind}-${createHash("sha256").update(key).digest("hex").slice(0, 24)}.json`);
  const keyText = (key: unknown) => JSON.stringify([LAYOUT, key]);
  return {
    read<T>(key: unknown): T | undefined {
      const text = keyText(key);
      let entry: Entry;
      try {
        entry = JSON.parse(readFileSync(fileOf(text), "utf8")) as Entry;
      } catch {
        return undefined;
      }
      if (entry?.key !== text || typeof entry.stamps !== "object" || entry.stamps === null) return undefined;
      for (const [file, stamp] of Object.entries(entry.stamps)) if (fileStamp(file) !== stamp) return undefined;
      return entry.value as T;
    },
    write(key, value, files) {
      const text = keyText(key);
      const entry: Entry = { key: text, value, stamps: Object.fromEntries(files.map((file) => [file, fileStamp(file)])) };
      const file = fileOf(text);
      // Written aside and renamed: a reader sees the old entry or the new one, never half of one.
      const aside = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        writeFileSync(aside, JSON.stringify(entry), { mode: 0o600 });
        renameSync(aside, file);
      } catch {
        // A cache that cannot be written (read-only home) only costs the look-up next time.
        try {
          unlinkSync(aside);
        } catch {
          // Never written.
        }
      }
    },
    forget(key) {
      try {
        unlinkSync(fileOf(keyText(key)));
      } catch {
        // Already gone.
      }
    },
  };
}

/**
 * What says a file changed: the link itself and what it points to (a shim re-pointed, an
 * interpreter reinstalled in place), or that it does not exist (a version file that appears
 * later must be noticed too).
 */
export function fileStamp(path: string): string {
  try {
    const link = lstatSync(path);
    const target = link.isSymbolicLink() ? statSync(path) : link;
    return `${link.mtimeMs}/${target.ino}:${target.size}:${target.mtimeMs}:${target.ctimeMs}`;
  } catch {
    return "absent";
  }
}
