/** One search/replace edit from a model reply: replace `search` by `replace` in the file `path`. */
export interface EditBlock {
  /** The path as the reply wrote it (resolved against the program when applied); `null` when the reply named none. */
  path: string | null;
  /** The lines to find, each ending in a newline (empty: the block quoted nothing). */
  search: string;
  replace: string;
}

/** What a reply holds: edit blocks, none at all (a whole file, say), or blocks that are cut or broken. */
export type ParsedEdits =
  | { status: "blocks"; blocks: EditBlock[] }
  | { status: "none" }
  | { status: "malformed"; reason: string };

const HEAD = /^\s*<{5,9} ?SEARCH>?\s*$/;
const DIVIDER = /^\s*={5,9}\s*$/;
const UPDATED = /^\s*>{5,9} ?REPLACE\s*$/;
const FENCE = /^\s*(`{3,}|~{3,})(.*)$/;
/** Lines above a block that may name its file: the path line, then the opening fence. */
const LOOK_BACK = 3;

/**
 * Reads the search/replace blocks of a model reply, in the format Aider made common:
 *
 *     shop/tax.py
 *     ```python
 *     <<<<<<< SEARCH
 *         rate = RATES[region.upper()]
 *     =======
 *         rate = RATES[region]
 *     >>>>>>> REPLACE
 *     ```
 *
 * Prose around the blocks is ignored; a block's file is the path on the lines just above it
 * (plain, in backticks, bold, as a heading or in the fence's info string), else the previous
 * block's. Windows line ends are read as plain ones.
 */
export function parseEditBlocks(reply: string): ParsedEdits {
  const lines = reply.replace(/<think>[\s\S]*?<\/think>/g, "").replace(/\r\n?/g, "\n").split("\n");
  const blocks: EditBlock[] = [];
  let previousPath: string | null = null;
  for (let index = 0; index < lines.length; index++) {
    if (!HEAD.test(lines[index])) continue;
    const path: string | null = pathAbove(lines, index) ?? previousPath;
    const search: string[] = [];
    let at = index + 1;
    for (; at < lines.length && !DIVIDER.test(lines[at]); at++) {
      if (HEAD.test(lines[at]) || UPDATED.test(lines[at])) return malformed(blocks.length + 1, "has no ======= line between its SEARCH and REPLACE parts");
      search.push(lines[at]);
    }
    if (at >= lines.length) return malformed(blocks.length + 1, "ends before its ======= line (the reply looks cut off)");
    const replace: string[] = [];
    for (at++; at < lines.length && !UPDATED.test(lines[at]); at++) {
      if (HEAD.test(lines[at]) || DIVIDER.test(lines[at])) return malformed(blocks.length + 1, "has no >>>>>>> REPLACE line closing it");
      replace.push(lines[at]);
    }
    if (at >= lines.length) return malformed(blocks.length + 1, "ends before its >>>>>>> REPLACE line (the reply looks cut off)");
    blocks.push({ path, search: asText(search), replace: asText(replace) });
    previousPath = path;
    index = at;
  }
  return blocks.length > 0 ? { status: "blocks", blocks } : { status: "none" };
}

function malformed(n: number, what: string): ParsedEdits {
  return { status: "malformed", reason: `edit block ${n} ${what}` };
}

function asText(lines: readonly string[]): string {
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

/** The file named on the lines just above a block, nearest first; prose in between means none. */
function pathAbove(lines: readonly string[], head: number): string | null {
  for (let index = head - 1; index >= Math.max(0, head - LOOK_BACK); index--) {
    const line = lines[index].trim();
    if (line === "") continue;
    const fence = FENCE.exec(line);
    if (fence) {
      // ```python shop/tax.py, ```shop/tax.py or ```python title="shop/tax.py"
      const named = fence[2].split(/\s+/).map(stripDecoration).find(looksLikePath);
      if (named) return named;
      continue;
    }
    const candidate = stripDecoration(line);
    return looksLikePath(candidate) ? candidate : null;
  }
  return null;
}

/** `### File: \`shop/tax.py\`:` and `**shop/tax.py**` both name shop/tax.py. */
function stripDecoration(text: string): string {
  return text
    .replace(/^#+\s*/, "")
    .replace(/^(?:file(?:name)?|path)\s*[:=]\s*/i, "")
    .replace(/^(?:title|file(?:name)?|path)=/i, "")
    .replace(/^[*`"'\s]+|[*`"':\s]+$/g, "");
}

function looksLikePath(text: string | undefined): text is string {
  return text !== undefined && /^[\w@.~-][\w@.~/\\-]*\.\w+$/.test(text) && !/^\.+$/.test(text);
}
