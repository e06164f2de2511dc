import type { SyntaxNode, SyntaxTree } from "./syntax-tree.js";

/** Binary and augmented-assignment node types of the grammars, with `left`/`operator`/`right` fields. */
const BINARY_TYPES = new Set(["binary_operator", "binary_expression"]);
const AUGMENTED_TYPES = new Set(["augmented_assignment", "augmented_assignment_expression"]);
const NUMBER_TYPES = new Set(["integer", "float", "number"]);

/**
 * How many arithmetic no-ops the program holds: `x + 0`, `x - 0`, `0 + x`, `x * 1`, `1 * x`,
 * `x / 1`, `x ** 1`, and `x += 0`, `x -= 0`, `x *= 1`, `x /= 1`. A patch that adds one is never
 * what a person would write: the same behaviour reads better with the term deleted, which the
 * term-deletion operator proposes anyway (`i + size - 1` -> `i + size`, not `i + size - 0`).
 */
export function countArithmeticNoOps(tree: SyntaxTree): number {
  let count = 0;
  const cursor = tree.walk();
  let descending = true;
  for (;;) {
    if (descending) {
      const node = cursor.currentNode;
      if (isNoOp(node)) count++;
      if (cursor.gotoFirstChild()) continue;
    }
    if (cursor.gotoNextSibling()) {
      descending = true;
      continue;
    }
    if (!cursor.gotoParent()) break;
    descending = false;
  }
  return count;
}

function isNoOp(node: SyntaxNode): boolean {
  const binary = BINARY_TYPES.has(node.type);
  if (!binary && !AUGMENTED_TYPES.has(node.type)) return false;
  const token = node.childForFieldName("operator")?.text;
  const operator = binary ? token : token?.replace(/=$/, "");
  const left = numberValue(node.childForFieldName("left"));
  const right = numberValue(node.childForFieldName("right"));
  switch (operator) {
    case "+":
      return right === 0 || (binary && left === 0);
    case "-":
      return right === 0;
    case "*":
      return right === 1 || (binary && left === 1);
    case "/":
    case "**":
      return right === 1;
    default:
      return false;
  }
}

function numberValue(node: SyntaxNode | null): number | undefined {
  if (!node || !NUMBER_TYPES.has(node.type)) return undefined;
  const value = Number(node.text);
  return Number.isNaN(value) ? undefined : value;
}
