import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import { loadTask } from "../tasks/load-task.js";
import type { EvalSuite, EvalTask } from "./eval-task.js";

/** Files that make a folder a task (SPEC task format) or a case (program, tests, case.json). */
const TASK_MARKERS = ["case.json", "task.md", "task.yaml", "task.yml", "task.json"];

/**
 * Loads a folder suite: every sub-folder holding a `case.json` or a `task.md`/`task.yaml`/
 * `task.json` is a task, named after the folder, loaded exactly as `mend run FOLDER` would
 * load it; other sub-folders are not tasks and are passed over. A folder that is itself a
 * task is a suite of one.
 */
export async function loadFolderSuite(path: string): Promise<EvalSuite> {
  const folders = isTaskFolder(path)
    ? [path]
    : (await readdir(path, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
        .map((entry) => join(path, entry.name))
        .filter(isTaskFolder)
        .sort();
  if (folders.length === 0) {
    throw new UsageError(`suite ${path} holds no task folders (folders with case.json or task.md/task.yaml/task.json)`, {
      code: "suite_empty",
    });
  }
  const tasks: EvalTask[] = [];
  for (const folder of folders) {
    let loaded;
    try {
      loaded = await loadTask({ path: folder });
    } catch (error) {
      if (UsageError.isInstance(error)) {
        throw new UsageError(`suite task ${basename(folder)}: ${error.message}`, { code: error.code, cause: error });
      }
      throw error;
    }
    tasks.push({
      id: basename(folder),
      task: loaded.task,
      ...(loaded.maxAttempts !== undefined ? { maxAttempts: loaded.maxAttempts } : {}),
      ...(loaded.budget !== undefined ? { budget: loaded.budget } : {}),
    });
  }
  return { name: basename(path), path, format: "folder", tasks };
}

function isTaskFolder(folder: string): boolean {
  return TASK_MARKERS.some((name) => existsSync(join(folder, name)));
}
