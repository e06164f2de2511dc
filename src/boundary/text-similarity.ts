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
  // Two versions of a program mostly differ in one place: what they share at both ends is kept
  // by any minimal diff, so only the part between is counted and diffed.
  const { start, end } = commonEnds(left, right);
  const leftMiddle = left.slice(start, left.length - end);
  const rightMiddle = right.slice(start, right.length - end);
  const bound =
    isAscii(left) && isAscii(right) ? (2 * (start + end + sharedAscii(leftMiddle, rightMiddle))) / total : sharedCharactersBound(left, right);
  if (bound < DIFF_FROM) return bound;
  const chars = diffChars(leftMiddle, rightMiddle, { maxEditLength: MAX_CHAR_EDITS, timeout: DIFF_TIMEOUT_MS });
  if (chars !== undefined) return (2 * (start + end + keptLength(chars))) / total;
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

/** The lengths of the longest start and end two texts share, never splitting a character in two. */
function commonEnds(left: string, right: string): { start: number; end: number } {
  const most = Math.min(left.length, right.length);
  let start = 0;
  while (start < most && left.charCodeAt(start) === right.charCodeAt(start)) start += 1;
  // A pair of UTF-16 units is one character to the diff.
  if (start > 0 && isHighSurrogate(left.charCodeAt(start - 1))) start -= 1;
  let end = 0;
  while (end < most - start && left.charCodeAt(left.length - 1 - end) === right.charCodeAt(right.length - 1 - end)) end += 1;
  if (end > 0 && isLowSurrogate(left.charCodeAt(left.length - end))) end -= 1;
  return { start, end };
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

const NON_ASCII = /[^\x00-\x7f]/;

function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/**
 * The characters two ASCII texts (most code) both have, ignoring order, counted in a small
 * array: the map of one-character strings `sharedCharactersBound` needs for any text cost
 * about as much as the diff it spares on a program of a few kilobytes.
 */
function sharedAscii(left: string, right: string): number {
  const counts = new Int32Array(128);
  for (let i = 0; i < left.length; i += 1) counts[left.charCodeAt(i)] += 1;
  let shared = 0;
  for (let i = 0; i < right.length; i += 1) {
    const code = right.charCodeAt(i);
    if (counts[code] > 0) {
      counts[code] -= 1;
      shared += 1;
    }
  }
  return shared;
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
