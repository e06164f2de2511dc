import type { SyntaxNode } from "../repair/syntax-tree.js";

/** A node's named children (the wasm binding types them as possibly null; none is for a parsed tree). */
export function namedChildren(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((child): child is SyntaxNode => child !== null);
}
