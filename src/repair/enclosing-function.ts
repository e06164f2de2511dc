import type { OperatorTable } from "./operator-tables.js";
import type { SyntaxNode } from "./syntax-tree.js";

/** The nearest function definition around `node` (not `node` itself), in the table's language. */
export function enclosingFunction(node: SyntaxNode, table: OperatorTable): SyntaxNode | undefined {
  for (let current = node.parent; current; current = current.parent) if (table.functionTypes.has(current.type)) return current;
  return undefined;
}
