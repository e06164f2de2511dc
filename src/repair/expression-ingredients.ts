import type { MutationSink } from "./mutation-sink.js";
import type { OperatorTable } from "./operator-tables.js";
import { identifiersOf, visibleNames, type ScopeNames } from "./scope-names.js";
import type { SyntaxNode } from "./syntax-tree.js";

/** Calls of a function tried in one operand's place: each adds a candidate per site. */
const MAX_INGREDIENTS = 4;
/** Longer calls are rarely the one meant: the redundancy repair draws on is in small pieces. */
const MAX_INGREDIENT_LENGTH = 40;

/**
 * Expression-level "plastic surgery" (the redundancy assumption of GenProg and ssFix: a fix's
 * ingredients are often in the program already): a variable operand of arithmetic replaced by
 * a small call the same function already makes, as in `total / count` where `total / len(xs)`
 * was meant. The calls are those with plain names and literals for arguments, the function's
 * own recursive calls excepted, and those made for their effect alone (a statement of their
 * own, such as `points.push(p)`: their value is not what any expression meant); an ingredient
 * that reads the replaced variable is skipped.
 * They cost more than a rename or a running extreme: each site takes several ingredients, and
 * a broad search ahead of the narrow edits pushes those past a candidate-bounded search.
 */
export function ingredientMutations(fn: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const name = fn.childForFieldName("name")?.text;
  const body = fn.childForFieldName("body");
  if (!body) return;
  const ingredients: SyntaxNode[] = [];
  const sites: SyntaxNode[] = [];
  const visit = (node: SyntaxNode) => {
    if (node.type === table.callType && isIngredient(node, name, table) && !ingredients.some((known) => known.text === node.text)) {
      ingredients.push(node);
    }
    if (node.type === table.identifierType && isArithmeticOperand(node, table)) sites.push(node);
    for (const child of node.namedChildren) if (child && !table.functionTypes.has(child.type)) visit(child);
  };
  visit(body);
  if (ingredients.length === 0) return;
  for (const site of sites) {
    const visible = visibleNames(site, scopes);
    if (!visible.includes(site.text) || scopes.nonVariables.has(site.text)) continue;
    ingredients
      .filter((ingredient) => {
        const names = identifiersOf(ingredient);
        return !names.includes(site.text) && !containsNode(ingredient, site);
      })
      .slice(0, MAX_INGREDIENTS)
      .forEach((ingredient, index) => out.replaceNode(site, ingredient.text, "replace_name", 4.8 + index * 0.03));
  }
}

function isIngredient(call: SyntaxNode, functionName: string | undefined, table: OperatorTable): boolean {
  if (call.text.length > MAX_INGREDIENT_LENGTH || call.text.includes("\n")) return false;
  if (call.parent?.type === "expression_statement") return false;
  const callee = call.childForFieldName(table.calleeField);
  const args = call.childForFieldName(table.argumentsField);
  if (!callee || !args || callee.text === functionName) return false;
  if (callee.type !== table.identifierType && callee.type !== table.memberType) return false;
  const parts = args.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
  return parts.length > 0 && parts.every((part) => part.type === table.identifierType || part.type === table.numberType);
}

function isArithmeticOperand(node: SyntaxNode, table: OperatorTable): boolean {
  const parent = node.parent;
  if (!parent || !table.binaryTypes.has(parent.type)) return false;
  return table.operatorFamily[parent.childForFieldName("operator")?.text ?? ""] === "arithmetic";
}

function containsNode(outer: SyntaxNode, inner: SyntaxNode): boolean {
  return inner.startIndex >= outer.startIndex && inner.endIndex <= outer.endIndex;
}
