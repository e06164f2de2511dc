import { chmodSync, copyFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";

/** One file to write: an absolute path and its new content. */
export interface FileWrite {
  path: string;
  content: string;
}

/**
 * Writes every file or none: each new content goes to a file beside its target first (same
 * folder, so the rename cannot cross file systems), each original is copied aside, and only
 * then are the new files renamed over the targets. A failure at any point (a read-only folder,
 * a full disk, a file that refuses the rename) puts back every target already replaced and
 * removes what was written beside them, then throws: the user's tree is never half-repaired.
 */
export function writeFilesAtomically(writes: readonly FileWrite[]): void {
  const suffix = `.mend-${process.pid}-${Date.now().toString(36)}`;
  const staged: Array<FileWrite & { temporary: string; backup: string | undefined }> = [];
  const replaced: typeof staged = [];
  try {
    for (const write of writes) {
      const entry = { ...write, temporary: `${write.path}${suffix}.new`, backup: undefined as string | undefined };
      staged.push(entry);
      writeFileSync(entry.temporary, write.content);
      const original = statSync(write.path, { throwIfNoEntry: false });
      if (original) {
        // The new file keeps the original's mode (an executable script stays executable).
        chmodSync(entry.temporary, original.mode & 0o7777);
        entry.backup = `${write.path}${suffix}.orig`;
        copyFileSync(write.path, entry.backup);
      }
    }
    for (const entry of staged) {
      renameSync(entry.temporary, entry.path);
      replaced.push(entry);
    }
  } catch (error) {
    for (const entry of replaced.reverse()) {
      try {
        if (entry.backup) renameSync(entry.backup, entry.path);
        else rmSync(entry.path, { force: true });
      } catch {
        // Could not put it back: the copy of the original stays beside it rather than being lost.
        entry.backup = undefined;
      }
    }
    throw error;
  } finally {
    for (const entry of staged) {
      rmSync(entry.temporary, { force: true });
      if (entry.backup) rmSync(entry.backup, { force: true });
    }
  }
}
