import { diffChars, diffLines, type Change } from "diff";

/** Below this bound two texts are far from near-identical and need no diff. */
const DIFF_FROM = 0.5;
/** Bounds on the character diff (edit length, milliseconds); past them a line diff decides. */
const MAX_CHAR_EDITS = 2000;
const DIFF_TIMEOUT_MS = 200;

/**
 * How alike two texts are, from 0 (nothing shared) to 1 (identical after normalizing line
 * endings and trailing spaces): twice the characters a minimal diff keeps, over both
 * lengths (the ratio Python's difflib reports). Bounded in time: texts whose characters
 * could not be half shared skip the diff, and a character diff that runs long gives way
 * to a line diff.
 */
export function textSimilarity(a: string, b: string): number {
  const left = normalizeText(a);
  const right = normalizeText(b);
  if (left === right) return 1;
  const total = left.length + right.length;
  const bound = sharedCharactersBound(left, right);
  if (bound < DIFF_FROM) return bound;
  const chars = diffChars(left, right, { maxEditLength: MAX_CHAR_EDITS, timeout: DIFF_TIMEOUT_MS });
  if (chars !== undefined) return (2 * keptLength(chars)) / total;
  const lines = diffLines(left, right, { timeout: DIFF_TIMEOUT_MS });
  return lines === undefined ? 0 : (2 * keptLength(lines)) / total;
}

function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/[ \t]+$/gm, "").trim();
}

function keptLength(changes: Change[]): number {
  let kept = 0;
  for (const change of changes) if (!change.added && !change.removed) kept += change.value.length;
  return kept;
}

/** An upper bound of the ratio: the characters both texts have, ignoring order. */
function sharedCharactersBound(left: string, right: string): number {
  const counts = new Map<string, number>();
  let total = 0;
  for (const char of left) {
    counts.set(char, (counts.get(char) ?? 0) + 1);
    total += 1;
  }
  let shared = 0;
  for (const char of right) {
    total += 1;
    const count = counts.get(char) ?? 0;
    if (count > 0) {
      counts.set(char, count - 1);
      shared += 1;
    }
  }
  return (2 * shared) / total;
}
