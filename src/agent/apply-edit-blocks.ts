import type { EditBlock } from "./parse-edit-blocks.js";
import type { ProgramFiles } from "./program-files.js";

/** The program after a reply's edits, or why they could not be applied (said to the model on its next try). */
export type AppliedEdits =
  | { status: "applied"; files: ProgramFiles; changed: string[] }
  | { status: "failed"; reason: string };

export interface ApplyEditsOptions {
  /** The file a block naming none edits (the file the model was asked to fix). */
  target: string;
  /** The task's test files: a block naming one is refused, since tests are never edited. */
  tests: readonly string[];
}

/**
 * Applies search/replace blocks to a program, each to the result of the ones before it. A
 * block's search text is found exactly first; failing that, line by line ignoring differences
 * in whitespace (models often drift in indentation or trailing spaces), the replacement then
 * shifted by the same indentation. A search text found nowhere or in several places, a file
 * not in the program or a test file fails the whole reply, naming every block at fault: a
 * half-applied reply would be a program nobody wrote.
 */
export function applyEditBlocks(files: ProgramFiles, blocks: readonly EditBlock[], options: ApplyEditsOptions): AppliedEdits {
  const next = { ...files };
  const changed = new Set<string>();
  const faults: string[] = [];
  blocks.forEach((block, index) => {
    const label = blocks.length > 1 ? `edit block ${index + 1} of ${blocks.length}` : "the edit block";
    const named = block.path ?? options.target;
    if (resolvePath(options.tests, named) !== null) {
      faults.push(`${label} edits the test file \`${named}\`: tests are never edited, change the program instead`);
      return;
    }
    const path = resolvePath(Object.keys(files), named);
    if (path === null) {
      faults.push(`${label} names \`${named}\`, which is not a file of this program (its files: ${Object.keys(files).map((file) => `\`${file}\``).join(", ")})`);
      return;
    }
    const replaced = replaceOnce(next[path] ?? "", block.search, block.replace);
    if (replaced.status === "failed") {
      faults.push(`${label} (\`${path}\`): ${replaced.reason}`);
      return;
    }
    next[path] = replaced.content;
    changed.add(path);
  });
  if (faults.length > 0) return { status: "failed", reason: `${faults.join("; ")}. No edit of that reply was applied.` };
  return { status: "applied", files: next, changed: [...changed] };
}

/** The program's path a reply means: the path itself, without `./`, or the one file ending with it. */
function resolvePath(paths: readonly string[], named: string): string | null {
  const clean = named.replace(/\\/g, "/").replace(/^(\.\/)+/, "");
  if (paths.includes(clean)) return clean;
  const ending = paths.filter((path) => path.endsWith(`/${clean}`));
  return ending.length === 1 ? ending[0] : null;
}

type Replaced = { status: "replaced"; content: string } | { status: "failed"; reason: string };

function replaceOnce(content: string, search: string, replace: string): Replaced {
  // Files keep their own line ends; matching is done on plain newlines.
  const crlf = content.includes("\r\n");
  const text = crlf ? content.replace(/\r\n/g, "\n") : content;
  const done = (result: string): Replaced => ({ status: "replaced", content: crlf ? result.replace(/\n/g, "\r\n") : result });

  if (search.trim() === "") {
    if (text.trim() === "") return done(replace);
    return { status: "failed", reason: "its SEARCH part is empty; quote the lines to change, exactly as they are in the file" };
  }
  const exact = occurrences(text, search);
  if (exact.length === 1) return done(text.slice(0, exact[0]) + replace + text.slice(exact[0] + search.length));
  if (exact.length > 1) return ambiguous(exact.length);

  const lines = text.split("\n");
  const wanted = trimBlank(search.replace(/\n$/, "").split("\n"));
  const matches: number[] = [];
  for (let start = 0; start + wanted.length <= lines.length; start++) {
    if (wanted.every((line, offset) => loose(line) === loose(lines[start + offset]))) matches.push(start);
  }
  if (matches.length > 1) return ambiguous(matches.length);
  if (matches.length === 0) {
    const first = wanted.find((line) => line.trim() !== "")?.trim() ?? "";
    return {
      status: "failed",
      reason: `its SEARCH part is not in the file, not even ignoring whitespace (it starts \`${first.slice(0, 80)}\`); quote the current lines exactly`,
    };
  }
  const start = matches[0];
  const found = lines.slice(start, start + wanted.length);
  const replacement = reindent(replace.replace(/\n$/, "").split("\n"), wanted, found);
  const kept = [...lines.slice(0, start), ...(replace === "" ? [] : replacement), ...lines.slice(start + wanted.length)];
  return done(kept.join("\n"));
}

function ambiguous(count: number): Replaced {
  return { status: "failed", reason: `its SEARCH part matches ${count} places; include more of the surrounding lines so that it matches one` };
}

function occurrences(text: string, search: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + 1)) found.push(at);
  return found;
}

/** A line as compared when whitespace may have drifted: no indentation, single spaces. */
function loose(line: string): string {
  return line.trim().replace(/\s+/g, " ");
}

function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start].trim() === "") start++;
  while (end > start && lines[end - 1].trim() === "") end--;
  return lines.slice(start, end);
}

/**
 * The replacement indented as the file is: when the file's lines sit a fixed prefix deeper
 * (or shallower) than the quoted ones, the replacement moves by the same prefix.
 */
function reindent(replacement: string[], quoted: string[], found: string[]): string[] {
  const pairs = quoted.map((line, index) => [indentOf(line), indentOf(found[index])] as const).filter((_, index) => quoted[index].trim() !== "");
  if (pairs.length === 0) return replacement;
  const [quotedFirst, foundFirst] = pairs[0];
  if (foundFirst.startsWith(quotedFirst)) {
    const added = foundFirst.slice(quotedFirst.length);
    if (pairs.every(([q, f]) => f === added + q)) return replacement.map((line) => (line.trim() === "" ? line : added + line));
  } else if (quotedFirst.startsWith(foundFirst)) {
    const removed = quotedFirst.slice(foundFirst.length);
    if (pairs.every(([q, f]) => q === removed + f) && replacement.every((line) => line.trim() === "" || line.startsWith(removed))) {
      return replacement.map((line) => (line.trim() === "" ? line : line.slice(removed.length)));
    }
  }
  return replacement;
}

function indentOf(line: string): string {
  return /^\s*/.exec(line)?.[0] ?? "";
}
