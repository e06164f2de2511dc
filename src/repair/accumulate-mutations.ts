import type { OperatorTable } from "./operator-tables.js";
import type { MutationSink } from "./mutation-sink.js";
import type { SyntaxNode } from "./syntax-tree.js";

/** `=` -> `+=` comes right after the cheapest operator swaps; `-=` is the rarer intent. */
const ACCUMULATE_COST = 1.6;
const SUBTRACT_COST = 2.2;

/**
 * Overwrite where an accumulation was meant: `line.qty = qty` for `line.qty += qty` when the
 * same item is added twice, `total = x` for `total += x` in a loop. Offered for an assignment
 * statement whose target holds state that outlives it: an attribute or an element
 * (`self.count`, `counts[k]`), or a variable the function bound before this statement (an
 * accumulator); not for a variable's first binding, whose `+=` could only fail.
 */
export function accumulateMutations(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  if (!table.assignmentTypes.has(node.type) || node.parent?.type !== "expression_statement") return;
  // A Python annotated assignment (`x: int = 0`) declares; it does not update.
  if (node.childForFieldName("type")) return;
  const operator = node.children.find((child) => child?.type === "=");
  const left = node.childForFieldName("left");
  if (!operator || !left || !node.childForFieldName("right")) return;
  if (left.type === table.identifierType ? !boundBefore(left, table) : !isStateTarget(left, table)) return;
  out.replaceNode(operator, "+=", "assignment_operator", ACCUMULATE_COST);
  out.replaceNode(operator, "-=", "assignment_operator", SUBTRACT_COST);
}

/** An attribute or element outside a constructor, where attributes get their first values. */
function isStateTarget(left: SyntaxNode, table: OperatorTable): boolean {
  if (left.type !== table.memberType && left.type !== table.subscriptType) return false;
  let scope: SyntaxNode | null = left.parent;
  while (scope && !table.functionTypes.has(scope.type) && scope.type !== "method_definition") scope = scope.parent;
  const name = scope?.childForFieldName("name")?.text;
  return name !== "__init__" && name !== "constructor";
}

/** The variable is assigned (or is a parameter) earlier in the same function. */
function boundBefore(name: SyntaxNode, table: OperatorTable): boolean {
  let scope: SyntaxNode | null = name.parent;
  while (scope && !table.functionTypes.has(scope.type)) scope = scope.parent;
  if (!scope) return false;
  const before = name.startIndex;
  let found = false;
  const visit = (node: SyntaxNode): void => {
    if (found || node.startIndex >= before) return;
    if (node.type === table.identifierType && node.text === name.text && node.id !== name.id && binds(node, table)) {
      found = true;
      return;
    }
    for (const child of node.children) if (child) visit(child);
  };
  visit(scope);
  return found;
}

/** The identifier is the target of an assignment, a declaration, a loop variable or a parameter. */
function binds(node: SyntaxNode, table: OperatorTable): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (table.parameterContainerTypes.has(parent.type) || parent.type === "default_parameter" || parent.type === "typed_parameter" || parent.type === "typed_default_parameter") return true;
  if (parent.type === "variable_declarator") return parent.childForFieldName("name")?.id === node.id;
  if (table.assignmentTypes.has(parent.type) || table.augmentedTypes.has(parent.type)) return parent.childForFieldName("left")?.id === node.id;
  return false;
}
