import type { SyntaxNode, SyntaxTree } from "./syntax-tree.js";

/** Binary and augmented-assignment node types of the grammars, with `left`/`operator`/`right` fields. */
const BINARY_TYPES = new Set(["binary_operator", "binary_expression"]);
const AUGMENTED_TYPES = new Set(["augmented_assignment", "augmented_assignment_expression"]);
const NUMBER_TYPES = new Set(["integer", "float", "number"]);

/**
 * How many arithmetic no-ops the program holds: `x + 0`, `x - 0`, `0 + x`, `x * 1`, `1 * x`,
 * `x / 1`, `x // 1`, `x ** 1`, and `x += 0`, `x -= 0`, `x *= 1`, `x /= 1`, `x //= 1`. A patch that adds one is never
 * what a person would write: the same behaviour reads better with the term deleted, which the
 * term-deletion operator proposes anyway (`i + size - 1` -> `i + size`, not `i + size - 0`).
 * Identities in disguise count too: `x ** -1` (which equals `x` only for a sign, `±1`),
 * `not not x`, `!!x`, `- -x`, a remainder taken twice by the same divisor (`x % 1.0 % 1.0`) and a
 * constant term taken back at once (`x % 1.0 + 1.0 - 1`, `i - 1 + 1`: the patch undoes the term
 * where deleting it reads as what was meant); and so does a bare expression statement (`j`, `','`, `a + b`
 * on a line of its own), which computes a value and drops it: a patch that adds one made a
 * test pass by removing what the statement did, not by writing what was meant. So does a loop
 * or comprehension whose variable nothing reads (`f(goal) for node in nodes` where `f(node)`
 * was): a person who means to repeat without the element names it `_`; a patch that leaves
 * the element unread replaced the one use that made the loop mean something. And so does a
 * comprehension that yields its own element and nothing else (`x for x in xs`), `xs` in disguise.
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

/** Expressions that do something when they stand alone as a statement. */
const EFFECT_TYPES = /call|assignment|await|yield|update|string|comment|ellipsis|new_expression|delete|concatenated_string/;
const DOUBLE_NEGATIONS = new Set(["not_operator", "unary_expression", "unary_operator"]);

const LOOP_TYPES = new Set(["for_statement", "for_in_statement"]);
const COMPREHENSION_CLAUSE = "for_in_clause";
const COMPREHENSION_TYPES = new Set(["generator_expression", "list_comprehension", "set_comprehension"]);

/** `x for x in xs` with nothing else: the collection itself in disguise (`any(x for x in xs)` is `any(xs)`). */
function isIdentityComprehension(node: SyntaxNode): boolean {
  const parts = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
  if (parts.length !== 2 || parts[1].type !== COMPREHENSION_CLAUSE) return false;
  const target = parts[1].childForFieldName("left");
  return parts[0].type === "identifier" && target?.type === "identifier" && target.text === parts[0].text;
}

function isNoOp(node: SyntaxNode): boolean {
  if (LOOP_TYPES.has(node.type)) return loopVariablesUnread(node, node.childForFieldName("body"));
  if (node.type === COMPREHENSION_CLAUSE && node.parent) return loopVariablesUnread(node, node.parent);
  if (COMPREHENSION_TYPES.has(node.type)) return isIdentityComprehension(node);
  if (node.type === "expression_statement") {
    const expression = node.namedChildren[0];
    if (!expression) return false;
    // A string statement is a docstring (or a directive such as 'use strict') only first in a
    // module's, a class's or a function's body: first in an `if` block it is a dropped value.
    if (expression.type === "string") return !isDocstringPlace(node);
    return !EFFECT_TYPES.test(expression.type);
  }
  if (DOUBLE_NEGATIONS.has(node.type)) {
    const argument = node.childForFieldName("argument") ?? node.childForFieldName("operand");
    const operator = node.childForFieldName("operator")?.text ?? (node.type === "not_operator" ? "not" : "");
    const inner = argument?.type === "parenthesized_expression" ? argument.namedChildren[0] : argument;
    if (!inner || inner.type !== node.type) return false;
    const innerOperator = inner.childForFieldName("operator")?.text ?? (inner.type === "not_operator" ? "not" : "");
    return operator === innerOperator && ["not", "!", "-"].includes(operator);
  }
  const binary = BINARY_TYPES.has(node.type);
  if (!binary && !AUGMENTED_TYPES.has(node.type)) return false;
  const token = node.childForFieldName("operator")?.text;
  const operator = binary ? token : token?.replace(/=$/, "");
  const left = numberValue(node.childForFieldName("left"));
  const right = numberValue(node.childForFieldName("right"));
  switch (operator) {
    case "+":
      return right === 0 || (binary && left === 0) || (binary && takesBack(node, "-"));
    case "-":
      return right === 0 || (binary && takesBack(node, "+"));
    case "*":
      return right === 1 || (binary && left === 1);
    case "/":
    // `x // 1` is `x` for the integers floor division is written for (a float is floored with `math.floor`).
    case "//":
      return right === 1;
    case "**":
      return right === 1 || (binary && isMinusOne(node.childForFieldName("right")));
    case "%":
      return binary && isRepeatedModulo(node);
    default:
      return false;
  }
}

/** Bodies whose first string statement documents them (or is a directive). */
const DOCUMENTED_TYPES = /^(module|program|class_definition|function_definition|class_body|class_declaration|function_declaration|function_expression|function|arrow_function|method_definition|generator_function_declaration)$/;

/** First in a module's, class's or function's body (comments aside). */
function isDocstringPlace(statement: SyntaxNode): boolean {
  let previous = statement.previousNamedSibling;
  while (previous?.type === "comment") previous = previous.previousNamedSibling;
  if (previous) return false;
  const parent = statement.parent;
  if (!parent) return false;
  if (DOCUMENTED_TYPES.test(parent.type)) return true;
  return (parent.type === "block" || parent.type === "statement_block") && DOCUMENTED_TYPES.test(parent.parent?.type ?? "");
}

/** `a + c - c` (`inverse` `+`) or `a - c + c` (`inverse` `-`): a literal term added and taken back by the next operator. */
function takesBack(node: SyntaxNode, inverse: string): boolean {
  const right = numberValue(node.childForFieldName("right"));
  const left = node.childForFieldName("left");
  if (right === undefined || !left || !BINARY_TYPES.has(left.type) || left.childForFieldName("operator")?.text !== inverse) return false;
  return numberValue(left.childForFieldName("right")) === right;
}

/** `x % m % m`: the second remainder by the same divisor changes nothing. */
function isRepeatedModulo(node: SyntaxNode): boolean {
  let left = node.childForFieldName("left");
  if (left?.type === "parenthesized_expression") left = left.namedChildren[0];
  if (!left || !BINARY_TYPES.has(left.type) || left.childForFieldName("operator")?.text !== "%") return false;
  return left.childForFieldName("right")?.text === node.childForFieldName("right")?.text;
}

/**
 * True when the loop binds plain names (not `_`-prefixed) and `scope` reads none of them
 * outside a binding position. A C-style `for (;;)` binds nothing this way and never counts.
 */
function loopVariablesUnread(loop: SyntaxNode, scope: SyntaxNode | null): boolean {
  const left = loop.childForFieldName("left");
  if (!left || !scope) return false;
  const bound = new Set(identifierNodes(left).map((name) => name.text).filter((name) => !name.startsWith("_")));
  if (bound.size === 0) return false;
  const bindings = new Set<number>();
  const collectBindings = (node: SyntaxNode) => {
    if (node.type === COMPREHENSION_CLAUSE || LOOP_TYPES.has(node.type)) {
      const target = node.childForFieldName("left");
      if (target) for (const name of identifierNodes(target)) bindings.add(name.id);
    }
    for (const child of node.namedChildren) if (child) collectBindings(child);
  };
  collectBindings(scope);
  return !identifierNodes(scope).some((name) => bound.has(name.text) && !bindings.has(name.id));
}

function identifierNodes(node: SyntaxNode): SyntaxNode[] {
  if (node.type === "identifier") return [node];
  return node.namedChildren.flatMap((child) => (child ? identifierNodes(child) : []));
}

function isMinusOne(node: SyntaxNode | null): boolean {
  if (!node || !DOUBLE_NEGATIONS.has(node.type)) return false;
  const argument = node.childForFieldName("argument") ?? node.childForFieldName("operand");
  return node.childForFieldName("operator")?.text === "-" && numberValue(argument) === 1;
}

function numberValue(node: SyntaxNode | null): number | undefined {
  if (!node || !NUMBER_TYPES.has(node.type)) return undefined;
  const value = Number(node.text);
  return Number.isNaN(value) ? undefined : value;
}
