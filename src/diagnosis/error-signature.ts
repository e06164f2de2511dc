import type { SourceLocation } from "../shared/check-result.js";

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
