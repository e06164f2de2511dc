import { grammarOf, parseSource, type SyntaxNode } from "./syntax-tree.js";
import type { Language } from "../shared/language.js";

/** The global a test's recorder defines: instrumented statements call it with their line. */
export const LINE_HIT = "__mendHit";

/** Statements that may take a call before them without changing what they mean. */
const STATEMENTS = new Set([
  "expression_statement",
  "lexical_declaration",
  "variable_declaration",
  "return_statement",
  "if_statement",
  "for_statement",
  "for_in_statement",
  "while_statement",
  "do_statement",
  "throw_statement",
  "try_statement",
  "switch_statement",
]);
/** Where a statement stands in a list of statements, so a call may go before it. */
const LISTS = new Set(["program", "statement_block"]);

/**
 * A JavaScript or TypeScript program with a call `__mendHit(line)` before each statement of
 * a statement list: run under a test runner that transforms its sources (vitest, jest) and
 * so leaves V8's coverage offsets unmatched to the file, it reports the lines each test ran.
 * Statements not in a list (`if (x) return y;`'s body) count through the statement holding
 * them. Layout is kept: every call goes on its statement's own line, so lines stay where they were.
 */
export async function instrumentLines(language: Language, path: string, code: string): Promise<string> {
  const tree = await parseSource(grammarOf(language, path), code);
  const starts: { index: number; line: number }[] = [];
  const visit = (node: SyntaxNode) => {
    if (STATEMENTS.has(node.type) && node.parent && LISTS.has(node.parent.type)) starts.push({ index: node.startIndex, line: node.startPosition.row + 1 });
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(tree.rootNode);
  tree.delete();
  let result = code;
  for (const { index, line } of starts.sort((a, b) => b.index - a.index)) {
    result = `${result.slice(0, index)}globalThis.${LINE_HIT}?.(${line}); ${result.slice(index)}`;
  }
  return result;
}
