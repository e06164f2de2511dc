import { escapeHtml } from "./escape-html.js";
import { renderDiff } from "./render-diff.js";

/** A program as a report shows it: path -> content (one entry for a single-file program). */
export type ReportFiles = Readonly<Record<string, string>>;

/**
 * The change between two versions of a program as one highlighted diff per changed file, each
 * under its file name, in the order of `after` (the entry first); files only one side has count
 * as changed from or to nothing. Empty when nothing changed.
 */
export function renderFileDiffs(before: ReportFiles, after: ReportFiles): string {
  const paths = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return paths
    .filter((path) => (before[path] ?? "") !== (after[path] ?? ""))
    .map((path) => `<div class="file-diff"><h4 class="file-name">${escapeHtml(path)}</h4>${renderDiff(before[path] ?? "", after[path] ?? "", path)}</div>`)
    .join("");
}
