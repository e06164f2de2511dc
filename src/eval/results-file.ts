import { appendFileSync, existsSync, readFileSync, truncateSync } from "node:fs";
import { UsageError } from "../errors/usage-error.js";
import { type EvalTaskResult, evalTaskResultSchema } from "./eval-task-result.js";

/**
 * The eval's results, one finished task per line, appended as each task ends: an
 * interrupted eval keeps every task it finished, and a rerun skips them. A last line cut
 * short by a crash is cut off the file (that task simply runs again), so the next append
 * starts a fresh line; a later line for the same task replaces an earlier one.
 */
export function openResults(path: string): Map<string, EvalTaskResult> {
  if (!existsSync(path)) return new Map();
  const text = readFileSync(path, "utf8");
  const complete = text.endsWith("\n") ? text : text.slice(0, text.lastIndexOf("\n") + 1);
  if (complete.length < text.length) truncateSync(path, Buffer.byteLength(complete));
  return parseResults(complete, path);
}

/** The results in a results file's text, by task (a later line for a task wins). */
export function parseResults(text: string, path: string): Map<string, EvalTaskResult> {
  const results = new Map<string, EvalTaskResult>();
  for (const [index, line] of text.split("\n").entries()) {
    if (!line.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new UsageError(`${path}:${index + 1} is not JSON: not an eval results file`, { code: "results_corrupt" });
    }
    const parsed = evalTaskResultSchema.safeParse(json);
    if (!parsed.success) {
      throw new UsageError(`${path}:${index + 1} is not an eval result (schemaVersion 1)`, { code: "results_corrupt" });
    }
    results.set(parsed.data.taskId, parsed.data as EvalTaskResult);
  }
  return results;
}

/** Appends one result as a single write, so concurrent tasks never interleave lines. */
export function appendResult(path: string, result: EvalTaskResult): void {
  appendFileSync(path, `${JSON.stringify(result)}\n`);
}
