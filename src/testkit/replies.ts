/** How to wrap code in prose, the way chat models answer. */
export interface FencedOptions {
  /** Prose around the block: `true` for a typical intro and outro, or your own text. */
  prose?: boolean | { before?: string; after?: string };
}

/**
 * A reply holding `code` in a markdown fence tagged `lang`, optionally with prose around it,
 * as chat models usually answer a coding request.
 */
export function fenced(code: string, lang: string, options: FencedOptions = {}): string {
  const block = "```" + lang + "\n" + code.replace(/\s+$/, "") + "\n```";
  const prose = options.prose;
  if (prose === undefined || prose === false) return block;
  const before = prose === true ? "Here is the corrected implementation:" : prose.before;
  const after =
    prose === true ? "The change addresses the failing case while keeping the function's signature unchanged." : prose.after;
  return [before, block, after].filter((part) => part !== undefined && part !== "").join("\n\n");
}

/**
 * A reply cut off by the output token limit: the fence never closes and the code stops
 * after `keepFraction` of its characters (mid-expression, as real cut replies do).
 */
export function truncatedReply(code: string, lang: string, keepFraction = 0.6): string {
  const cut = code.slice(0, Math.max(1, Math.floor(code.length * keepFraction)));
  return "Sure! Here's the implementation:\n\n```" + lang + "\n" + cut;
}
