import { YAMLParseError } from "yaml";

/**
 * A parser's complaint about a task file as one sentence: what does not parse, where in the
 * file (line and column counted from its top), and why. The parsers' own messages end in a
 * code frame (YAML) or a byte offset (JSON), neither of which fits on one line.
 * `lineOffset` is how many lines of the file come before the parsed text (front matter's `---`).
 */
export function describeParseError(error: unknown, parsed: { text: string; what: string; lineOffset?: number }): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split("\n")[0].trim();
  let where: { line: number; col: number } | undefined;
  let reason = firstLine;
  if (error instanceof YAMLParseError) {
    where = error.linePos?.[0];
    reason = firstLine.replace(/\s*at line \d+, column \d+:?\s*$/, "");
  } else if (error instanceof SyntaxError) {
    const position = /at position (\d+)/.exec(firstLine);
    if (position) where = lineAndColumn(parsed.text, Number(position[1]));
    reason = firstLine.replace(/\s*in JSON at position \d+.*$/, "");
  }
  const at = where ? ` at line ${where.line + (parsed.lineOffset ?? 0)}, column ${where.col}` : "";
  return `the ${parsed.what} does not parse${at}: ${lowerFirst(reason.replace(/[.:\s]+$/, ""))}.`;
}

function lineAndColumn(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, col: before[before.length - 1].length + 1 };
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}
