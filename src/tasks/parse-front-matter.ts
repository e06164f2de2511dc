import { parse as parseYaml } from "yaml";

/** A Markdown file split into its YAML front matter (if any) and the body after it. */
export interface FrontMatter {
  data: unknown;
  body: string;
}

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*$/m;

/**
 * Splits `---\n<yaml>\n---\n<body>`. A file that does not start with `---` has no front
 * matter and is all body; an opened block that never closes, or YAML that does not parse,
 * throws (the caller turns it into a UsageError naming the file).
 */
export function parseFrontMatter(text: string): FrontMatter {
  const opening = OPENING.exec(text);
  if (!opening) return { data: {}, body: text };
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) throw new Error("front matter opened with --- is never closed");
  const yaml = rest.slice(0, closing.index);
  const body = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, "");
  return { data: parseYaml(yaml) ?? {}, body };
}
