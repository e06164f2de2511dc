import type { MutationSink } from "./mutation-sink.js";
import type { SyntaxNode } from "./syntax-tree.js";

/** Other literals of the file tried in one string's place: separators are few. */
const MAX_OTHER_LITERALS = 3;
/** Only short literals stand in for one another: separators, padding, a delimiter. */
const MAX_LITERAL_LENGTH = 3;

/**
 * The short string literals of a file (their content, without quotes), in order of appearance:
 * the separators and delimiters a wrong one may have been meant as.
 */
export function shortStringLiterals(root: SyntaxNode): string[] {
  const found: string[] = [];
  const visit = (node: SyntaxNode) => {
    if (node.type === "string") {
      const content = plainContent(node);
      if (content !== undefined && content.length <= MAX_LITERAL_LENGTH && !found.includes(content)) found.push(content);
      return;
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return found;
}

/**
 * A wrong string constant, the literal-replacement operator of mutation-based repair for
 * strings: an empty string that should have been a space and back (`' '.join(words)` for
 * `''.join(words)`), or a short literal that should have been another the file writes (`'-'`
 * for `','`). Only plain short literals (no interpolation, no docstrings); the quotes stay.
 */
export function stringLiteralMutations(node: SyntaxNode, literals: readonly string[], out: MutationSink): void {
  if (node.type !== "string") return;
  const content = plainContent(node);
  if (content === undefined || content.length > MAX_LITERAL_LENGTH || isDocstring(node)) return;
  const open = node.children[0];
  const close = node.children[node.childCount - 1];
  if (!open || !close || open === close) return;
  const quoted = (text: string) => `${open.text}${text}${close.text}`;
  if (content === "") out.replaceNode(node, quoted(" "), "constant", 2.6);
  if (content === " ") out.replaceNode(node, quoted(""), "constant", 2.6);
  literals
    .filter((other) => other !== content && other !== " " && other !== "" && !other.includes(close.text) && !other.includes("\\"))
    .slice(0, MAX_OTHER_LITERALS)
    .forEach((other, index) => out.replaceNode(node, quoted(other), "constant", 3.4 + index * 0.05));
}

/** The literal's text between its quotes, or undefined when it interpolates or is not a plain literal. */
function plainContent(node: SyntaxNode): string | undefined {
  const open = node.children[0];
  if (!open || /^[a-zA-Z]*f/i.test(open.text) || open.text === "`") return undefined;
  const inner = node.children.slice(1, -1);
  if (inner.some((child) => !child || !["string_content", "string_fragment"].includes(child.type))) return undefined;
  return inner.map((child) => child?.text ?? "").join("");
}

function isDocstring(node: SyntaxNode): boolean {
  return node.parent?.type === "expression_statement";
}
