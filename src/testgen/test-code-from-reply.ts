const FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm;

/**
 * The Python test code of a model's reply: every fenced block tagged `python`/`py` (or untagged),
 * joined, since models sometimes put helpers and tests in separate blocks; without a fence, the
 * reply from its first import or test function on. Empty when the reply holds no code.
 */
export function testCodeFromReply(reply: string): string {
  const text = reply.replace(/<think>[\s\S]*?<\/think>/g, "");
  const blocks = [...text.matchAll(FENCE)].filter((match) => ["", "python", "py", "python3"].includes(match[2].toLowerCase())).map((match) => match[3].trimEnd());
  if (blocks.length > 0) return `${blocks.join("\n\n\n")}\n`;
  const start = text.search(/^(?:import |from \S+ import |def test)/m);
  return start < 0 ? "" : `${text.slice(start).trimEnd()}\n`;
}
