import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, normalize, sep } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import type { ProjectContext } from "../shared/task.js";

/**
 * The most a queued job carries of its project's files (all of them together). Job data lives
 * in Redis and is read by every worker that takes the job; past this the project is too large
 * to send that way.
 */
export const MAX_JOB_PROJECT_BYTES = 16 * 1024 * 1024;

/** A project's own files as a queued job carries them, so that no worker needs the folder itself. */
export interface JobProject {
  /** The project root on the machine that queued the job: what results and diffs name. */
  root: string;
  /** Root-relative paths with their bytes (base64: data files need not be text). */
  files: { path: string; base64: string }[];
}

/**
 * Reads the project's listed files (its own files: no `node_modules`, virtualenvs or ignored
 * files, see `listProjectFiles`) for a job. Throws a UsageError past `limit` bytes, before
 * anything is queued.
 */
export async function packProject(project: ProjectContext, limit = MAX_JOB_PROJECT_BYTES): Promise<JobProject> {
  const files: JobProject["files"] = [];
  let bytes = 0;
  for (const path of project.files) {
    // A file removed since the project was listed is simply not there on the worker either.
    const content = await readFile(join(project.root, path)).catch(() => undefined);
    if (content === undefined) continue;
    bytes += content.length;
    if (bytes > limit) {
      throw new UsageError(
        `the project at ${project.root} holds more than ${mib(limit)} MiB of files, the most a queued job carries: pass --root with a smaller folder, or run it here without --queue`,
        { code: "project_too_large_for_queue" },
      );
    }
    files.push({ path, base64: content.toString("base64") });
  }
  return { root: project.root, files };
}

/**
 * Writes a job's project into `folder` (emptied first), the worker's private copy the run
 * validates in. Paths come from the queue: one that would leave the folder is refused.
 */
export async function materializeProject(project: JobProject, folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  for (const file of project.files) {
    const path = normalize(file.path);
    if (isAbsolute(path) || path === ".." || path.startsWith(`..${sep}`)) throw new Error(`a queued project file outside its project: ${file.path}`);
    const target = join(folder, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, Buffer.from(file.base64, "base64"));
  }
}

/** `value` with every path under one of the worker's folders named under the original root instead. */
export function renameRoots<T>(value: T, from: readonly string[], to: string): T {
  let text = JSON.stringify(value);
  // Longest first, so that a folder is never replaced inside a longer one.
  for (const root of [...from].sort((a, b) => b.length - a.length)) if (root && root !== to) text = text.split(root).join(to);
  return JSON.parse(text) as T;
}

function mib(bytes: number): string {
  return String(Math.round((bytes / 1024 / 1024) * 10) / 10);
}
