import type { SourceLocation } from "../shared/check-result.js";
import type { Task } from "../shared/task.js";

/** A multi-file program as the loop holds it: project-root-relative path -> content, the entry included. */
export type ProgramFiles = Record<string, string>;

/** The draft's files of a multi-file task (the entry and every other file it may change), or null for a single file. */
export function draftFiles(task: Task): ProgramFiles | null {
  if (!task.editable?.length) return null;
  return Object.fromEntries([[task.entry, task.draft ?? ""], ...task.editable.map((file) => [file.path, file.content])]);
}

/**
 * The files of a candidate: its own map when it has one, else the current files with the entry
 * replaced by its code (a model reply or a review fix that rewrote the entry alone).
 */
export function candidateFiles(task: Task, current: ProgramFiles | null, candidate: { code: string; files?: ProgramFiles }): ProgramFiles | null {
  if (candidate.files) return candidate.files;
  return current ? { ...current, [task.entry]: candidate.code } : null;
}

/**
 * The file a fix should change: the one diagnosis blames when the loop may change it (a bug in
 * a module the tests reach through another), else the entry. Tests are never fixed.
 */
export function fileAtFault(task: Task, files: ProgramFiles | null, location: SourceLocation | undefined): string {
  return files && location && Object.hasOwn(files, location.file) ? location.file : task.entry;
}

/**
 * The task as seen by a fixer of one file: that file is the entry, the program's other files
 * (with their current contents) are support laid over the project, so they run as they are.
 */
export function focusOn(task: Task, files: ProgramFiles | null, path: string): Task {
  if (!files || path === task.entry) return files ? { ...task, support: [...(task.support ?? []), ...others(files, task.entry)] } : task;
  const { editable: _editable, ...rest } = task;
  return { ...rest, entry: path, draft: files[path] ?? "", support: [...(task.support ?? []), ...others(files, path)] };
}

/** The files of a multi-file program other than `path`, as support files. */
export function others(files: ProgramFiles, path: string): Array<{ path: string; content: string }> {
  return Object.entries(files)
    .filter(([name]) => name !== path)
    .map(([name, content]) => ({ path: name, content }));
}

/** The files after one file's fix: the map with `path` replaced, and the entry's code. */
export function withFix(task: Task, files: ProgramFiles | null, path: string, content: string): { code: string; files?: ProgramFiles } {
  if (!files) return { code: content };
  const next = { ...files, [path]: content };
  return { code: next[task.entry] ?? "", files: next };
}
