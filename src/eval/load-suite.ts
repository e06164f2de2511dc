import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import type { EvalSuite } from "./eval-task.js";
import { loadFolderSuite } from "./load-folder-suite.js";
import { loadJsonlSuite } from "./load-jsonl-suite.js";

/** Loads a suite from a `.jsonl` file (HumanEval style) or a folder of task or case folders. */
export async function loadSuite(path: string, cwd: string = process.cwd()): Promise<EvalSuite> {
  const absolute = resolve(cwd, path);
  const info = await stat(absolute).catch(() => undefined);
  if (!info) throw new UsageError(`suite not found: ${path}`, { code: "suite_missing" });
  if (info.isDirectory()) return loadFolderSuite(absolute);
  if (/\.jsonl?$/i.test(absolute)) return loadJsonlSuite(absolute);
  throw new UsageError(`unsupported suite ${path}: give a HumanEval-style .jsonl file or a folder of task folders`, {
    code: "suite_format",
  });
}
