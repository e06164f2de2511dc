import type { SourceLocation } from "../shared/check-result.js";
import { looksLikeTestPath } from "../shared/looks-like-test-path.js";

/**
 * A normalized error signature: the same mistake gives the same string across attempts,
 * so numbers, hex addresses and paths are replaced by placeholders (names stay: they
 * tell one undefined name from another).
 * The location keeps file and line: the same message on another line is another error.
 */
export function errorSignature(errorType: string, message: string, location?: SourceLocation): string {
  const where = location ? `${location.file}:${location.line}` : "-";
  return `${errorType}|${normalizeMessage(message)}|${where}`;
}

/**
 * The signature as the error -> fix memory compares failures: a location in a test file says
 * which test found the failure (another test finds the same bug at another line, or in another
 * file), not where the bug is, so it becomes `<test>`; a location in the program stays.
 */
export function recallSignature(signature: string): string {
  const cut = signature.lastIndexOf("|");
  if (cut < 0) return signature;
  const where = signature.slice(cut + 1);
  const file = where.replace(/:\d+$/, "");
  return looksLikeTestPath(file) ? `${signature.slice(0, cut)}|<test>` : signature;
}

export function normalizeMessage(message: string): string {
  const firstLine = message.split("\n").find((line) => line.trim() !== "") ?? "";
  return firstLine
    .replace(/(?:file:\/\/)?(?:\/[\w.@+-]+)+\/?/g, "<path>")
    .replace(/0x[0-9a-fA-F]+/g, "<addr>")
    .replace(/-?\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/gi, "<n>")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}
