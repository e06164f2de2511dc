import { structuredPatch } from "diff";
import type { PreferredEdit } from "../repair/prefer-edits.js";
import { commonEnds } from "../shared/common-ends.js";

/** Lines of context kept around each change: enough to recognise the place, not the program. */
const CONTEXT = 1;
/** A fix that rewrites more than this many lines says little about a similar failure's fix. */
const MAX_SPAN_LINES = 3;

/** The change from `before` to `after` as a unified diff with one line of context. */
export function minimalDiff(file: string, before: string, after: string): string {
  const patch = structuredPatch(file, file, before, after, undefined, undefined, { context: CONTEXT });
  const hunks = patch.hunks.map(
    (hunk) => `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@\n${hunk.lines.join("\n")}`,
  );
  return [`--- ${file}`, `+++ ${file}`, ...hunks].join("\n");
}

/**
 * The spans a small fix changed, each as the text it replaced and the text it put in (the
 * common start and end of a changed line set aside) and the line it was on, read off the two
 * programs: how a model's fix is remembered for the offline engine. Line-for-line changes only,
 * and only a few of them.
 */
export function changedSpans(before: string, after: string): PreferredEdit[] {
  const patch = structuredPatch("a", "b", before, after, undefined, undefined, { context: 0 });
  const removed = patch.hunks.flatMap((hunk) => hunk.lines.filter((line) => line.startsWith("-")).map((line) => line.slice(1)));
  const added = patch.hunks.flatMap((hunk) => hunk.lines.filter((line) => line.startsWith("+")).map((line) => line.slice(1)));
  if (removed.length === 0 || removed.length !== added.length || removed.length > MAX_SPAN_LINES) return [];
  return removed.flatMap((line, index) => {
    const span = innerChange(line, added[index]);
    return span.before.trim() === "" && span.after.trim() === "" ? [] : [{ ...span, line: line.trim() }];
  });
}

/**
 * What differs between two lines, token by token (words, operator runs), so that `<` -> `<=`
 * reads as such; a pure insertion or deletion takes the token before it along, so that it
 * reads as the replacement of something (`n` -> `n + 1`), as the offline engine's edits do.
 */
function innerChange(a: string, b: string): { before: string; after: string } {
  const left = tokens(a);
  const right = tokens(b);
  const ends = commonEnds(left, right);
  let start = ends.head;
  const end = ends.tail;
  const span = (list: string[]) => list.slice(start, list.length - end).join("").trim();
  while ((span(left) === "" || span(right) === "") && start > 0) {
    start--;
    if (left[start].trim() !== "") break;
  }
  return { before: span(left), after: span(right) };
}

function tokens(line: string): string[] {
  return line.match(/\w+|\s+|[^\w\s]+/g) ?? [];
}
