import type { MutationSink } from "./mutation-sink.js";
import type { OperatorTable } from "./operator-tables.js";
import type { ScopeNames } from "./scope-names.js";
import type { SyntaxNode } from "./syntax-tree.js";

/** Other fields tried in one field's place: those named like it come first. */
const MAX_FIELDS = 4;

/**
 * The fields a file reads (`node.incoming`, `self.left`), never the methods it calls: the names
 * a wrong field access may have meant, in order of first appearance.
 */
export function fieldsRead(root: SyntaxNode, table: OperatorTable, scopes: ScopeNames): string[] {
  const found: string[] = [];
  const visit = (node: SyntaxNode) => {
    const property = fieldOf(node, table, scopes);
    if (property && !found.includes(property.text)) found.push(property.text);
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return found;
}

/**
 * A field access of the wrong field, the "wrong variable/field" class of bug studies
 * (`node.outgoing` where `node.incoming` was meant, `self.left` for `self.right`): the field
 * replaced by another the file reads, those sharing a part of its name first (`incoming_nodes`
 * for `outgoing_nodes`). Method calls are left to the method swaps.
 */
export function fieldSwaps(node: SyntaxNode, fields: readonly string[], table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const property = fieldOf(node, table, scopes);
  if (!property) return;
  const name = property.text;
  const others = fields.filter((other) => other !== name);
  const alike = others.filter((other) => sharesPart(name, other));
  [...alike, ...others.filter((other) => !alike.includes(other))]
    .slice(0, MAX_FIELDS)
    .forEach((other, index) => out.replaceNode(property, other, "replace_name", (alike.includes(other) ? 3 : 3.6) + index * 0.03));
}

/** The property of a field read (`obj.prop` not called), or null. */
function fieldOf(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames): SyntaxNode | null {
  if (node.type !== table.memberType) return null;
  const parent = node.parent;
  if (parent?.type === table.callType && parent.childForFieldName(table.calleeField)?.id === node.id) return null;
  const object = node.childForFieldName(table.memberObjectField);
  // A module's or class's member (`math.pi`, `Math.PI`) is a constant of the library, not a field.
  if (!object || /^[A-Z]/.test(object.text) || scopes.nonVariables.has(object.text)) return null;
  return node.childForFieldName(table.memberPropertyField);
}

/** Two names that share a word (`_`-separated or camelCase): `outgoing_nodes` and `incoming_nodes`. */
function sharesPart(a: string, b: string): boolean {
  const words = (name: string) => name.split(/_|(?=[A-Z])/).filter((word) => word.length >= 3).map((word) => word.toLowerCase());
  const other = new Set(words(b));
  return words(a).some((word) => other.has(word));
}
