import { type Alternative, type OperatorTable, ownEntry } from "./operator-tables.js";
import { accumulateMutations } from "./accumulate-mutations.js";
import { ingredientMutations } from "./expression-ingredients.js";
import { fieldSwaps, fieldsRead } from "./field-swaps.js";
import { flushBufferAfterLoop } from "./flush-buffer.js";
import { javascriptMutations, weighAccumulatorStarts } from "./javascript-mutations.js";
import { missingCodeMutations } from "./missing-code-mutations.js";
import { pythonMutations, rootExponents } from "./python-mutations.js";
import { MutationSink } from "./mutation-sink.js";
import { shortStringLiterals, stringLiteralMutations } from "./string-literals.js";
import { collectScopeNames, identifiersOf, visibleNames, type ScopeNames } from "./scope-names.js";
import type { Mutation, OperatorName } from "./source-edit.js";
import type { SyntaxNode, SyntaxTree } from "./syntax-tree.js";

/** Most identifiers have a handful of plausible substitutes; more only slows the search. */
const MAX_NAME_SUBSTITUTES = 8;
const MAX_GUARDED_PARAMETERS = 4;
const LOOP_TYPES = new Set(["for_statement", "while_statement", "for_in_statement"]);

/**
 * Every single-location mutation of the program, in no particular order. Each one replaces
 * the exact source range of a syntax node (or token) and leaves all other text untouched,
 * so formatting and comments survive.
 */
export function generateMutations(tree: SyntaxTree, source: string, table: OperatorTable): Mutation[] {
  const scopes = collectScopeNames(tree, table);
  const out = new MutationSink(source);
  const indentUnit = detectIndentUnit(source);
  const shapes = fileShapes(tree.rootNode, table, scopes);
  const literals = shortStringLiterals(tree.rootNode);
  const fields = fieldsRead(tree.rootNode, table, scopes);
  const roots = table.comparisonChainType ? rootExponents(tree.rootNode, table) : [];
  const walk = (node: SyntaxNode) => {
    visitNode(node, table, scopes, out, indentUnit);
    stringLiteralMutations(node, literals, out);
    fieldSwaps(node, fields, table, scopes, out);
    widenOperators(node, table, scopes, out, shapes);
    if (node.type === "if_statement") siblingBranchStatements(node, table, out);
    if (node.type === "while_statement") loopSteps(node, table, out);
    if (LOOP_TYPES.has(node.type)) flushAfterLoop(node, table, scopes, out);
    if (LOOP_TYPES.has(node.type)) flushBufferAfterLoop(node, table, out, indentUnit);
    if (node.type === "if_statement") otherReceiverCopies(node, table, out);
    if (table.functionTypes.has(node.type)) mirroredStatements(node, table, out);
    if (table.functionTypes.has(node.type)) ingredientMutations(node, table, scopes, out);
    missingCodeMutations(node, table, scopes, out);
    // Only Python has comparison chains: the JavaScript-only operators key on their absence.
    if (!table.comparisonChainType) javascriptMutations(node, table, scopes, out);
    else pythonMutations(node, table, scopes, out, roots);
    for (const child of node.children) if (child) walk(child);
  };
  walk(tree.rootNode);
  if (!table.comparisonChainType) weighAccumulatorStarts(tree.rootNode, table, out.mutations);
  return out.mutations;
}

function visitNode(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink, unit: string): void {
  const type = node.type;
  if (table.binaryTypes.has(type)) binaryOperators(node, table, out, scopes);
  else if (type === table.comparisonChainType) comparisonChain(node, table, out);
  else if (table.augmentedTypes.has(type)) {
    const operator = node.childForFieldName("operator");
    if (operator) out.alternatives(operator, table.augmentedSwaps[operator.text], "assignment_operator");
  } else if (type === table.updateType) updateExpression(node, out);
  else if (type === table.numberType) numberLiteral(node, out);
  else if (table.constantSwaps[type]) out.alternatives(node, table.constantSwaps[type], "constant");
  else if (type === table.callType) callOperators(node, table, scopes, out);
  else if (type === table.subscriptType) subscriptOperators(node, table, scopes, out);
  else if (type === table.ternaryType) ternaryOperators(node, table, out);
  else if (type === table.identifierType) identifierOperators(node, table, scopes, out);
  else if (type === table.emptyListType && node.namedChildren.length === 0) emptyList(node, scopes, out);
  else if (type === table.memberType && node.childForFieldName(table.memberPropertyField)?.text === "length") {
    sizeOffset(node, table, out);
  }

  accumulateMutations(node, table, out);
  if (type === table.notType || table.unaryTypes.has(type)) unaryOperators(node, table, out);
  if (table.conditionalTypes.has(type)) conditionOperators(node, table, out);
  if (table.deletableTypes.has(type)) deleteStatement(node, table, out);
  if (table.guardableTypes.has(type)) guardStatement(node, table, scopes, out, unit);
  if (table.functionTypes.has(type)) functionTemplates(node, table, scopes, out, unit);
  if (type === table.returnType) wrapReturn(node, table, scopes, out);
  const assigned = assignedValue(node, table);
  if (assigned) accumulate(node, assigned, table, out);
  if (assigned) runningExtreme(node, assigned, table, out);
  if (assigned) {
    offsetExpression(assigned, table, out, 2.4);
    insertTerm(assigned, table, scopes, out, 4.2);
    if (table.binaryTypes.has(assigned.type) || assigned.type === table.callType) {
      table.wrappers.forEach((wrap, index) => out.replaceNode(assigned, wrap(assigned.text), "wrap", 5.2 + index * 0.05));
    }
  }
}

/**
 * A running extreme that forgot to compare: `longest = length + 1` -> `longest = max(longest,
 * length + 1)` (and `min`), for a plain variable assigned a computed value.
 */
function accumulate(node: SyntaxNode, value: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const target = node.childForFieldName("left") ?? node.childForFieldName("name");
  if (!target || target.type !== table.identifierType || value.type === table.numberType) return;
  if (!table.binaryTypes.has(value.type) && value.type !== table.identifierType && value.type !== table.subscriptType) return;
  if (value.type === table.identifierType && value.text === target.text) return;
  const python = table.comparisonChainType !== undefined;
  ["max", "min"].forEach((fn, index) => {
    const call = python ? fn : `Math.${fn}`;
    out.replaceNode(value, `${call}(${target.text}, ${value.text})`, "wrap", 4.7 + index * 0.05);
  });
}

/**
 * A running extreme taken over the whole collection instead of the element in hand: inside
 * `for n in xs`, `best = max(xs)` -> `best = max(best, n)` (and `min`, `Math.max`).
 */
function runningExtreme(node: SyntaxNode, value: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const target = node.childForFieldName("left") ?? node.childForFieldName("name");
  if (!target || target.type !== table.identifierType || value.type !== table.callType) return;
  const callee = value.childForFieldName(table.calleeField)?.text ?? "";
  const fn = /^(Math\.)?(max|min)$/.exec(callee);
  const argumentList = value.childForFieldName(table.argumentsField);
  const args = argumentList ? positionalArguments(argumentList) : [];
  if (!fn || args.length !== 1 || args[0].type !== table.identifierType) return;
  for (let loop = node.parent; loop && !table.functionTypes.has(loop.type); loop = loop.parent) {
    if (!LOOP_TYPES.has(loop.type)) continue;
    const element = loop.childForFieldName("left");
    const iterable = loop.childForFieldName("right");
    if (!element || !iterable || iterable.text !== args[0].text) continue;
    // `const n` in JavaScript's `for (const n of xs)`: the name is the declarator's.
    const name = element.type === table.identifierType ? element.text : /^(?:const|let|var)\s+(\w+)$/.exec(element.text)?.[1];
    if (!name) continue;
    out.replaceNode(value, `${callee}(${target.text}, ${name})`, "wrap", 4.6);
    return;
  }
}

/** `[]` that should have held one item: `[[]]`, or `[v]` for a variable in scope. */
function emptyList(node: SyntaxNode, scopes: ScopeNames, out: MutationSink): void {
  out.replaceNode(node, "[[]]", "constant", 3.4);
  visibleNames(node, scopes)
    .slice(0, MAX_NAME_SUBSTITUTES)
    .forEach((name, index) => out.replaceNode(node, `[${name}]`, "constant", 3.5 + index * 0.02));
}

/** Sizes are classic off-by-one sites: `len(xs)` / `xs.length` -> `... + 1`, `... - 1`. */
function sizeOffset(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const parent = node.parent;
  // A size inside an offset expression is already adjusted by the literal operators.
  if (parent && table.binaryTypes.has(parent.type) && parent.childForFieldName("right")?.type === table.numberType) return;
  boundAdjust(node, table, out, 2.2);
}

/** The value of `x = value` / `const x = value`, when the node is such an assignment. */
function assignedValue(node: SyntaxNode, table: OperatorTable): SyntaxNode | null {
  if (!table.assignmentTypes.has(node.type)) return null;
  return node.childForFieldName("right") ?? node.childForFieldName("value");
}

/** `lo = mid` -> `lo = mid + 1`: off-by-one in a computed value, for names and arithmetic only. */
function offsetExpression(node: SyntaxNode, table: OperatorTable, out: MutationSink, cost: number): void {
  const arithmetic = table.binaryTypes.has(node.type) && table.operatorFamily[node.childForFieldName("operator")?.text ?? ""] === "arithmetic";
  if (node.type !== table.identifierType && !arithmetic && node.type !== table.memberType && node.type !== table.callType) return;
  boundAdjust(node, table, out, cost);
}

/** A sum or product missing one of its terms: `a + b` -> `a + b + c` for a variable `c` in scope. */
function insertTerm(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink, cost: number): void {
  if (!table.binaryTypes.has(node.type)) return;
  const operator = node.childForFieldName("operator")?.text;
  if (operator !== "+" && operator !== "*") return;
  const used = new Set(identifiersOf(node));
  visibleNames(node, scopes)
    .filter((name) => !used.has(name))
    .slice(0, MAX_NAME_SUBSTITUTES)
    .forEach((name, index) => out.replaceNode(node, `${node.text} ${operator} ${name}`, "delete_term", cost + index * 0.02));
}


function binaryOperators(node: SyntaxNode, table: OperatorTable, out: MutationSink, scopes: ScopeNames): void {
  const operator = node.childForFieldName("operator");
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  if (!operator || !left || !right) return;
  const token = operator.text;
  const family = table.operatorFamily[token];
  if (family) out.alternatives(operator, table.operatorSwaps[token], family);
  if (table.termOperators.has(token)) {
    out.replaceNode(node, left.text, "delete_term", 3);
    out.replaceNode(node, right.text, "delete_term", 3.1);
  }
  if (table.clauseOperators.has(token)) {
    out.replaceNode(node, left.text, "delete_clause", 2.4);
    out.replaceNode(node, right.text, "delete_clause", 2.5);
  }
  if (table.nonCommutative.has(token)) {
    const middle = out.source.slice(left.endIndex, right.startIndex);
    // `+` only matters for strings and lists (`result + digit` vs `digit + result`): rarer.
    out.replaceNode(node, right.text + middle + left.text, "swap_arguments", token === "+" ? 3.6 : 3.2);
  }
  if (family === "comparison") boundAdjust(right, table, out, 2);
  // A call where the value in hand was meant: `lookup(heap, n) + cost` for `dist + cost`.
  if (family === "arithmetic") {
    for (const operand of [left, right]) if (operand.type === table.callType) replaceByName(operand, table, scopes, out, 4.8);
  }
  if (token === "/" && table.divisionWrapper) out.replaceNode(node, table.divisionWrapper(node.text), "builtin", 1.3);
}

/** Python keeps `a < b <= c` as one node with the operators in a repeated field. */
function comparisonChain(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const operators: SyntaxNode[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child && node.fieldNameForChild(i) === "operators") operators.push(child);
  }
  for (const operator of operators) {
    const token = operator.text.replace(/\s+/g, " ");
    out.alternatives(operator, table.operatorSwaps[token], "comparison");
  }
  const operands = node.namedChildren.filter((child): child is SyntaxNode => child !== null);
  if (operators.length === 1 && operands.length === 2) {
    boundAdjust(operands[1], table, out, 2);
    const token = operators[0].text;
    if (!["in", "not in"].includes(token.replace(/\s+/g, " "))) {
      const middle = out.source.slice(operands[0].endIndex, operands[1].startIndex);
      out.replaceNode(node, operands[1].text + middle + operands[0].text, "swap_arguments", 3.5);
    }
  }
}

function updateExpression(node: SyntaxNode, out: MutationSink): void {
  const operator = node.childForFieldName("operator");
  if (!operator) return;
  if (operator.text === "++") out.replaceNode(operator, "--", "arithmetic", 1.2);
  if (operator.text === "--") out.replaceNode(operator, "++", "arithmetic", 1.2);
}

function numberLiteral(node: SyntaxNode, out: MutationSink): void {
  const text = node.text;
  if (!/^\d+$/.test(text)) {
    if (/^\d*\.\d+$|^\d+\.\d*$/.test(text) && Number(text) !== 0) out.replaceNode(node, "0", "constant", 2.8);
    return;
  }
  const value = Number(text);
  const seen = new Set([value]);
  const emit = (candidate: number, operator: OperatorName, cost: number) => {
    if (seen.has(candidate)) return;
    seen.add(candidate);
    out.replaceNode(node, String(candidate), operator, cost);
  };
  emit(value + 1, "literal", 1.4);
  if (value > 0) emit(value - 1, "literal", 1.4);
  emit(0, "constant", 2.5);
  emit(1, "constant", 2.5);
  const negated = node.parent?.type === "unary_operator" || node.parent?.type === "unary_expression";
  if (!negated) emit(-1, "constant", 2.6);
  // The smallest constant after 0 and 1 that a start often is (the first prime, the first
  // index past a pair): `i = 0` for `i = 2`.
  emit(2, "constant", 2.7);
}

function callOperators(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const callee = node.childForFieldName(table.calleeField);
  const argumentList = node.childForFieldName(table.argumentsField);
  if (!callee || !argumentList) return;
  const args = positionalArguments(argumentList);
  let name = callee.text;
  if (callee.type === table.identifierType) {
    out.alternatives(callee, ownEntry(table.functionSwaps, name), "builtin");
  } else if (callee.type === table.memberType) {
    const property = callee.childForFieldName(table.memberPropertyField);
    if (property) {
      name = property.text;
      out.alternatives(property, ownEntry(table.methodSwaps, name), "builtin");
      pythonPopIndex(property.text, args, argumentList, table, out);
    }
  }
  const isBoundCall =
    (callee.type === table.identifierType && table.boundFunctions.has(name)) ||
    (callee.type === table.memberType && table.boundMethods.has(name));
  if (isBoundCall) {
    for (const arg of args.slice(0, 2)) boundAdjust(arg, table, out, 1.3);
    if (name === "range" && args.length === 1) {
      out.replaceNode(args[0], `1, ${args[0].text}`, "bound", 1.6);
    }
  }
  if (args.length === 1 && argumentList.namedChildren.length === 1) {
    // Builtin wrappers are often extra (`abs(x)`); the program's own calls, like a recursive
    // `yield flatten(x)`, less so.
    out.replaceNode(node, args[0].text, "builtin", table.unwrapFunctions.has(callee.text) ? 3 : 3.8);
  }
  if (callee.type === table.identifierType && name === "len") sizeOffset(node, table, out);
  if (callee.type === table.identifierType && scopes.nonVariables.has(name) && !isBoundCall) {
    for (const arg of args.slice(0, 3)) boundAdjust(arg, table, out, 2.6);
  }
  if (table.comparisonChainType && (name === "sorted" || name === "sort")) {
    const hasReverse = argumentList.namedChildren.some((child) => child?.text.startsWith("reverse"));
    if (!hasReverse) {
      const closing = argumentList.endIndex - 1;
      const text = argumentList.namedChildren.length > 0 ? ", reverse=True" : "reverse=True";
      out.replace(closing, closing, text, "builtin", 2.2);
    }
  }
  for (const arg of args) replaceByName(arg, table, scopes, out, 4.3);
  for (let i = 0; i + 1 < args.length; i++) {
    const a = args[i];
    const b = args[i + 1];
    const middle = out.source.slice(a.endIndex, b.startIndex);
    out.replace(a.startIndex, b.endIndex, b.text + middle + a.text, "swap_arguments", 3.2);
  }
}

/** `xs.pop()` takes from the end, `xs.pop(0)` from the front: a classic confusion. */
function pythonPopIndex(
  method: string,
  args: SyntaxNode[],
  argumentList: SyntaxNode,
  table: OperatorTable,
  out: MutationSink,
): void {
  if (!table.comparisonChainType || method !== "pop") return;
  if (args.length === 0) out.replace(argumentList.startIndex + 1, argumentList.endIndex - 1, "0", "builtin", 1.5);
  else if (args.length === 1 && (args[0].text === "0" || args[0].text === "-1")) {
    out.replace(argumentList.startIndex + 1, argumentList.endIndex - 1, "", "builtin", 1.5);
  }
}

function positionalArguments(argumentList: SyntaxNode): SyntaxNode[] {
  return argumentList.namedChildren.filter(
    (child): child is SyntaxNode =>
      child !== null &&
      child.type !== "comment" &&
      child.type !== "keyword_argument" &&
      child.type !== "spread_element" &&
      child.type !== "list_splat" &&
      child.type !== "dictionary_splat",
  );
}

/** Off-by-one repairs on a bound expression: `e` -> `e + 1`, `e - 1` (literals are handled as literals). */
function boundAdjust(node: SyntaxNode, table: OperatorTable, out: MutationSink, cost: number): void {
  if (node.type === table.numberType || node.type === "string" || node.type === "unary_operator") return;
  if (node.type === "unary_expression" && node.text.startsWith("-")) return;
  if (table.binaryTypes.has(node.type)) {
    // `i - 1` already carries an offset: the literal operator adjusts it, this one removes it.
    const operator = node.childForFieldName("operator")?.text;
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    if ((operator === "+" || operator === "-") && left && right?.type === table.numberType) {
      out.replaceNode(node, left.text, "bound", cost);
      return;
    }
  }
  const text = needsParentheses(node, table) ? `(${node.text})` : node.text;
  out.replaceNode(node, table.plus(text, 1), "bound", cost);
  out.replaceNode(node, table.plus(text, -1), "bound", cost);
}

function needsParentheses(node: SyntaxNode, table: OperatorTable): boolean {
  if (table.binaryTypes.has(node.type)) {
    const operator = node.childForFieldName("operator")?.text ?? "";
    return !["+", "-", "*", "/", "//", "%", "**"].includes(operator);
  }
  return node.type === table.ternaryType || node.type === "boolean_operator" || node.type === "comparison_operator";
}

function subscriptOperators(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const index = node.childForFieldName(table.subscriptIndexField);
  if (!index) return;
  // `dp[i - 1, j]` (a tuple key, Python): each part is a bound of its own.
  const parts: SyntaxNode[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child && node.fieldNameForChild(i) === table.subscriptIndexField) parts.push(child);
  }
  if (parts.length > 1) {
    // Recurrences over a table look back (`dp[i - 1, j - 1]`): next to a part that already
    // steps back, stepping back goes first.
    const stepsBack = parts.some((part) => /-\s*1$/.test(part.text));
    for (const part of parts) {
      if (stepsBack && part.type === table.identifierType) {
        out.replaceNode(part, table.plus(part.text, -1), "bound", 1.3);
        out.replaceNode(part, table.plus(part.text, 1), "bound", 1.32);
      } else boundAdjust(part, table, out, 1.3);
    }
    swapKeyParts(parts, out);
    retargetSubscript(node, parts, table, out);
    return;
  }
  // `xs[best]` where `best` was meant, inside any expression (not as an assignment target).
  const parent = node.parent;
  const isTarget = parent && table.assignmentTypes.has(parent.type) && parent.childForFieldName("left")?.id === node.id;
  if (!isTarget && index.type === table.identifierType) {
    out.replaceNode(node, index.text, "replace_name", 4.4);
    replaceByName(node, table, scopes, out, 4.6);
  }
  if (index.type === table.sliceType) {
    for (const bound of index.namedChildren) if (bound && bound.type !== "comment") boundAdjust(bound, table, out, 1.3);
    return;
  }
  boundAdjust(index, table, out, 1.3);
}

/**
 * Two parts of a tuple key in the wrong order: `dist[j, k]` where `dist[k, j]` was meant (a
 * matrix read along the wrong axis).
 */
function swapKeyParts(parts: SyntaxNode[], out: MutationSink): void {
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const [a, b] = [parts[i], parts[j]];
      if (a.text === b.text) continue;
      out.replace(a.startIndex, b.endIndex, b.text + out.source.slice(a.endIndex, b.startIndex) + a.text, "swap_arguments", 1.4 + (j - i - 1) * 0.02);
    }
  }
}

/**
 * An assignment into the wrong table: `by_edge[u, v] = ...` where `by_node[v] = ...` was meant.
 * The target becomes another table the function indexes, keyed by one part of the key, in one
 * edit (a name swap and a key change one at a time each break the program).
 */
function retargetSubscript(node: SyntaxNode, parts: SyntaxNode[], table: OperatorTable, out: MutationSink): void {
  const parent = node.parent;
  if (!parent || !table.assignmentTypes.has(parent.type) || parent.childForFieldName("left")?.id !== node.id) return;
  const object = node.childForFieldName("value") ?? node.childForFieldName("object");
  if (!object || object.type !== table.identifierType) return;
  let fn: SyntaxNode | null = node.parent;
  while (fn && !table.functionTypes.has(fn.type)) fn = fn.parent;
  if (!fn) return;
  const tables: string[] = [];
  const collect = (current: SyntaxNode) => {
    if (current.type === table.subscriptType) {
      const indexed = current.childForFieldName("value") ?? current.childForFieldName("object");
      if (indexed?.type === table.identifierType && indexed.text !== object.text && !tables.includes(indexed.text)) tables.push(indexed.text);
    }
    for (const child of current.namedChildren) if (child && !table.functionTypes.has(child.type)) collect(child);
  };
  collect(fn);
  tables.slice(0, 3).forEach((other, t) => {
    parts.forEach((part, p) => out.replaceNode(node, `${other}[${part.text}]`, "replace_name", 4.9 + t * 0.04 + p * 0.02));
  });
}

function ternaryOperators(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  let condition: SyntaxNode | null;
  let consequence: SyntaxNode | null;
  let alternative: SyntaxNode | null;
  if (table.comparisonChainType) {
    // Python: `a if cond else b` has no field names.
    const parts = node.namedChildren;
    [consequence, condition, alternative] = [parts[0] ?? null, parts[1] ?? null, parts[2] ?? null];
  } else {
    condition = node.childForFieldName("condition");
    consequence = node.childForFieldName("consequence");
    alternative = node.childForFieldName("alternative");
  }
  if (!condition || !consequence || !alternative) return;
  negateCondition(condition, table, out, 2.2);
  out.replace(consequence.startIndex, consequence.endIndex, alternative.text, "swap_arguments", 2.3);
  out.replace(alternative.startIndex, alternative.endIndex, consequence.text, "swap_arguments", 2.3);
}

function unaryOperators(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const argument = node.childForFieldName("argument");
  const operator = node.childForFieldName("operator")?.text ?? (node.type === table.notType ? table.notOperator : "");
  if (!argument) return;
  if (operator === table.notOperator) out.replaceNode(node, argument.text, "negate_condition", 2);
  else if (operator === "-" || operator === "~") out.replaceNode(node, argument.text, "unary", 2.5);
}

function conditionOperators(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  let condition = node.childForFieldName("condition");
  if (!condition) return;
  if (condition.type === "parenthesized_expression" && condition.namedChildren[0]) condition = condition.namedChildren[0];
  negateCondition(condition, table, out, 2);
}

function negateCondition(condition: SyntaxNode, table: OperatorTable, out: MutationSink, cost: number): void {
  // A negation is undone by its own operator; a comparison is negated by the complement swap.
  if (condition.type === table.notType && condition.text.startsWith(table.notOperator)) return;
  if (condition.type === table.comparisonChainType) return;
  if (table.binaryTypes.has(condition.type)) {
    const operator = condition.childForFieldName("operator")?.text ?? "";
    if (table.operatorFamily[operator] === "comparison") return;
  }
  out.replaceNode(condition, table.negate(condition.text), "negate_condition", cost);
}

function identifierOperators(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const parent = node.parent;
  if (!parent) return;
  if (table.identifierSkipParents.has(parent.type) && !isValueOf(node, parent)) return;
  const field = fieldOf(node, parent);
  if (field === "name" || field === "attribute" || field === "property" || field === "alias") return;
  if (parent.type === table.callType && field === table.calleeField) return;
  if ((parent.type === "for_statement" || parent.type === "for_in_clause" || parent.type === "for_in_statement") && field === "left") {
    return;
  }
  const name = node.text;
  const names = visibleNames(node, scopes);
  // Globals such as `Math` or `len` are not variables of the program.
  if (!names.includes(name)) return;
  if (scopes.nonVariables.has(name) || ["self", "cls", "this", "undefined", "arguments"].includes(name)) return;
  const isTarget = field === "left" && (parent.type === "assignment" || parent.type === "assignment_expression");
  const substitutes = names.filter((candidate) => candidate !== name);
  substitutes.slice(0, MAX_NAME_SUBSTITUTES).forEach((candidate, index) => {
    out.replaceNode(node, candidate, "replace_name", (isTarget ? 4.5 : 4) + index * 0.02);
  });
}

/** A computed argument or value that should have been a plain variable (`push(values[i])` -> `push(best)`). */
function replaceByName(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink, cost: number): void {
  if (node.type === table.identifierType || node.type === table.numberType || node.type === "string") return;
  if (!(node.type === table.subscriptType || node.type === table.memberType || table.binaryTypes.has(node.type) || node.type === table.callType)) {
    return;
  }
  const used = new Set(identifiersOf(node));
  visibleNames(node, scopes)
    .filter((name) => !used.has(name))
    .slice(0, MAX_NAME_SUBSTITUTES)
    .forEach((name, index) => out.replaceNode(node, name, "replace_name", cost + index * 0.02));
}

/** Default values of parameters and keyword-argument values are expressions, unlike their names. */
function isValueOf(node: SyntaxNode, parent: SyntaxNode): boolean {
  return fieldOf(node, parent) === "value";
}

function fieldOf(node: SyntaxNode, parent: SyntaxNode): string | null {
  for (let i = 0; i < parent.childCount; i++) {
    if (parent.child(i)?.id === node.id) return parent.fieldNameForChild(i);
  }
  return null;
}

function deleteStatement(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const parent = node.parent;
  if (!parent) return;
  const siblings = parent.namedChildren.filter((child) => child && child.type !== "comment");
  const source = out.source;
  if (siblings.length === 1 && table.emptyStatement && parent.type === table.blockType) {
    out.replaceNode(node, table.emptyStatement, "delete_statement", 4.5);
    return;
  }
  // A statement repeated elsewhere in the function is the classic extra statement.
  const cost = isRepeated(node, table) ? 2.5 : 4.5;
  const lineStart = source.lastIndexOf("\n", node.startIndex - 1) + 1;
  let lineEnd = source.indexOf("\n", node.endIndex);
  if (lineEnd === -1) lineEnd = source.length;
  const before = source.slice(lineStart, node.startIndex);
  const after = source.slice(node.endIndex, lineEnd);
  if (/^\s*$/.test(before) && /^\s*(#.*|\/\/.*)?$/.test(after)) {
    out.replace(lineStart, Math.min(lineEnd + 1, source.length), "", "delete_statement", cost);
  } else {
    out.replaceNode(node, "", "delete_statement", cost + 0.1);
  }
}

function isRepeated(node: SyntaxNode, table: OperatorTable): boolean {
  let scope: SyntaxNode | null = node.parent;
  while (scope && !table.functionTypes.has(scope.type) && scope.parent) scope = scope.parent;
  if (!scope) return false;
  const text = node.text.replace(/\s+/g, "");
  let count = 0;
  const visit = (current: SyntaxNode) => {
    if (current.type === node.type && current.text.replace(/\s+/g, "") === text) count++;
    for (const child of current.namedChildren) if (child && count < 2) visit(child);
  };
  visit(scope);
  return count >= 2;
}

function functionTemplates(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink, unit: string): void {
  const body = node.childForFieldName("body");
  if (!body || body.type !== table.blockType) return;
  const statements = body.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
  const first = statements.find((statement) => !isDocstring(statement));
  const last = statements[statements.length - 1];
  if (!first || !last) return;
  const source = out.source;
  const indent = source.slice(source.lastIndexOf("\n", first.startIndex - 1) + 1, first.startIndex);
  const parameters = (scopes.parameters.get(node.id) ?? []).filter((name) => name !== "self" && name !== "cls");
  const guardValues = guardValuesFor(node, table);
  parameters.slice(0, MAX_GUARDED_PARAMETERS).forEach((name, p) => {
    guardValues.forEach((value, v) => {
      out.replace(first.startIndex, first.startIndex, table.guard(name, value, indent, unit), "insert_guard", 5 + p * 0.1 + v * 0.02);
    });
    out.replace(first.startIndex, first.startIndex, table.guard(name, name, indent, unit), "insert_guard", 5.2 + p * 0.1);
    if (table.emptyGuard) {
      guardValues.forEach((value, v) => {
        const text = table.emptyGuard?.(name, value, indent, unit) ?? "";
        out.replace(first.startIndex, first.startIndex, text, "insert_guard", 5.3 + p * 0.1 + v * 0.02);
      });
    }
  });
  baseCaseGuards(node, first, parameters, table, out, indent, unit);
  if (last.type !== table.returnType) {
    const lastIndent = source.slice(source.lastIndexOf("\n", last.startIndex - 1) + 1, last.startIndex);
    const locals = [...(scopes.functions.get(node.id) ?? [])];
    locals.reverse().forEach((name, index) => {
      out.replace(last.endIndex, last.endIndex, `\n${lastIndent}${table.returnStatement(name)}`, "insert_return", 4 + index * 0.05);
    });
    if (last.type === "expression_statement") {
      const expression = last.namedChildren[0];
      if (expression && !/assignment|call_expression|^call$|await|yield|update/.test(expression.type)) {
        out.replaceNode(last, table.returnStatement(expression.text.replace(/;$/, "")), "insert_return", 3);
      }
    }
  }
}

/**
 * `if not v: return c` before a statement that uses `v`, where `v` is a variable the
 * function computed (guards on parameters go at the top of the function instead).
 */
function guardStatement(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink, unit: string): void {
  const block = node.parent;
  const owner = block?.parent;
  if (!block || block.type !== table.blockType || !owner) return;
  let fn: SyntaxNode | null = owner;
  while (fn && !table.functionTypes.has(fn.type)) fn = fn.parent;
  if (!fn) return;
  const locals = scopes.functions.get(fn.id);
  const parameters = new Set(scopes.parameters.get(fn.id) ?? []);
  if (!locals) return;
  const names = [...new Set(identifiersOf(node))].filter((name) => locals.has(name) && !parameters.has(name)).slice(0, 3);
  const source = out.source;
  const indent = source.slice(source.lastIndexOf("\n", node.startIndex - 1) + 1, node.startIndex);
  if (!/^\s*$/.test(indent)) return;
  const guardValues = guardValuesFor(fn, table);
  names.forEach((name, n) => {
    guardValues.forEach((value, v) => {
      out.replace(node.startIndex, node.startIndex, table.guard(name, value, indent, unit), "insert_guard", 5.1 + n * 0.1 + v * 0.02);
      const empty = table.emptyGuard?.(name, value, indent, unit);
      if (empty) out.replace(node.startIndex, node.startIndex, empty, "insert_guard", 5.4 + n * 0.1 + v * 0.02);
    });
  });
}

/**
 * The guard values, those the function already returns first: an early exit from a predicate
 * that returns `False` elsewhere should return `False`, not `None`.
 */
function guardValuesFor(fn: SyntaxNode, table: OperatorTable): readonly string[] {
  const returned = new Set<string>();
  const visit = (node: SyntaxNode) => {
    for (const child of node.namedChildren) {
      if (!child || table.functionTypes.has(child.type)) continue;
      if (child.type === table.returnType) {
        const value = child.namedChildren.find((part) => part && part.type !== "comment");
        if (value) returned.add(value.text);
      }
      visit(child);
    }
  };
  visit(fn);
  return [...table.guardValues].sort((a, b) => Number(returned.has(b)) - Number(returned.has(a)));
}

function isDocstring(statement: SyntaxNode): boolean {
  return statement.type === "expression_statement" && statement.namedChildren[0]?.type === "string";
}

function wrapReturn(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const value = node.namedChildren.find((child) => child && child.type !== "comment");
  if (!value || value.type === table.numberType || table.constantSwaps[value.type] || value.type === "string") return;
  table.wrappers.forEach((wrap, index) => out.replaceNode(value, wrap(value.text), "wrap", 5 + index * 0.05));
  offsetExpression(value, table, out, 2.8);
  insertTerm(value, table, scopes, out, 4.2);
  replaceByName(value, table, scopes, out, 4.4);
}

/** The file's own indentation step (two spaces, four spaces or a tab). */
function detectIndentUnit(source: string): string {
  const match = /\n([ \t]+)\S/.exec(source);
  if (!match) return "    ";
  return match[1].startsWith("\t") ? "\t" : match[1].length <= 4 ? match[1] : "    ";
}

/**
 * The missing base case of a recursive function (`if n == 0: return 1`, `if len(xs) <= 1:
 * return xs`): conditions on a parameter that stop recursions, returning the parameter itself
 * or a value the function already returns.
 */
function baseCaseGuards(
  fn: SyntaxNode,
  first: SyntaxNode,
  parameters: string[],
  table: OperatorTable,
  out: MutationSink,
  indent: string,
  unit: string,
): void {
  const name = fn.childForFieldName("name")?.text ?? fn.parent?.childForFieldName("name")?.text;
  if (!name || !callsItself(fn, name, table)) return;
  const returned = returnedSimpleValues(fn, table);
  parameters.slice(0, 3).forEach((parameter, p) => {
    const conditions = [
      `${parameter} ${table.equals} 0`,
      `${parameter} <= 1`,
      `${table.sizeOf(parameter)} <= 1`,
      `${parameter} ${table.equals} 1`,
      `${parameter} < 0`,
    ];
    // Euclid's `if b == 0: return a` returns another parameter.
    const others = parameters.filter((other) => other !== parameter);
    const values = [...new Set([...returned, parameter, "1", "0", ...others])].slice(0, 6);
    conditions.forEach((condition, c) => {
      values.forEach((value, v) => {
        const text = table.conditionGuard(condition, value, indent, unit);
        out.replace(first.startIndex, first.startIndex, text, "insert_guard", 4.8 + p * 0.2 + c * 0.05 + v * 0.02);
      });
    });
  });
}

function callsItself(fn: SyntaxNode, name: string, table: OperatorTable): boolean {
  const body = fn.childForFieldName("body");
  if (!body) return false;
  let found = false;
  const visit = (node: SyntaxNode) => {
    if (found) return;
    if (node.type === table.callType && node.childForFieldName(table.calleeField)?.text === name) found = true;
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(body);
  return found;
}

/** Literals and plain names the function returns somewhere (`return 1`, `return xs`). */
function returnedSimpleValues(fn: SyntaxNode, table: OperatorTable): string[] {
  const values: string[] = [];
  const visit = (node: SyntaxNode) => {
    for (const child of node.namedChildren) {
      if (!child || table.functionTypes.has(child.type)) continue;
      if (child.type === table.returnType) {
        const value = child.namedChildren.find((part) => part && part.type !== "comment");
        if (value && /^(-?\d+(\.\d+)?|\w+|\[\]|""|''|true|false|True|False|None|null)$/.test(value.text)) values.push(value.text);
      }
      visit(child);
    }
  };
  visit(fn);
  return [...new Set(values)];
}

/** What the file already writes, for widening: powers, slices, one-argument builtins, no-argument methods. */
interface FileShapes {
  exponents: string[];
  slices: boolean;
  functions: string[];
  methods: string[];
}

function fileShapes(root: SyntaxNode, table: OperatorTable, scopes: ScopeNames): FileShapes {
  const shapes: FileShapes = { exponents: [], slices: false, functions: [], methods: [] };
  const visit = (node: SyntaxNode) => {
    if (table.binaryTypes.has(node.type) && node.childForFieldName("operator")?.text === "**") {
      const right = node.childForFieldName("right");
      if (right?.type === table.numberType && !shapes.exponents.includes(right.text)) shapes.exponents.push(right.text);
    }
    if (node.type === table.sliceType) shapes.slices = true;
    if (node.type === table.callType) {
      const callee = node.childForFieldName(table.calleeField);
      const args = node.childForFieldName(table.argumentsField);
      const count = args ? positionalArguments(args).length : 0;
      if (callee?.type === table.identifierType && count === 1 && !scopes.module.has(callee.text)) {
        if (!shapes.functions.includes(callee.text)) shapes.functions.push(callee.text);
      } else if (callee?.type === table.memberType && count === 0) {
        const property = callee.childForFieldName(table.memberPropertyField)?.text;
        if (property === "slice") shapes.slices = true;
        else if (property && !shapes.methods.includes(property)) shapes.methods.push(property);
      } else if (callee?.type === table.memberType && callee.childForFieldName(table.memberPropertyField)?.text === "slice") {
        shapes.slices = true;
      }
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return shapes;
}

/** Contexts where a variable's value is used as is: an argument, a returned or assigned value, an operand. */
function isValueUse(node: SyntaxNode, table: OperatorTable): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === "argument_list" || parent.type === "arguments") return true;
  if (parent.type === table.returnType) return true;
  // The iterable of a loop: `for x in arr` that should run over `arr[k:]`.
  if (parent.type === "for_statement" || parent.type === "for_in_statement") return parent.childForFieldName("right")?.id === node.id;
  if (table.assignmentTypes.has(parent.type)) return parent.childForFieldName("right")?.id === node.id || parent.childForFieldName("value")?.id === node.id;
  if (parent.type === "variable_declarator") return parent.childForFieldName("value")?.id === node.id;
  if (table.binaryTypes.has(parent.type)) {
    const family = table.operatorFamily[parent.childForFieldName("operator")?.text ?? ""];
    return family === "arithmetic" || family === "comparison";
  }
  return false;
}

function isArithmeticOperand(node: SyntaxNode, table: OperatorTable): boolean {
  const parent = node.parent;
  return Boolean(parent && table.binaryTypes.has(parent.type) && table.operatorFamily[parent.childForFieldName("operator")?.text ?? ""] === "arithmetic");
}

/**
 * A value that should have been a wider expression of itself: `x` -> `x ** 2`, `arr` ->
 * `arr[k:]`, `abs(x)`, `s.lower()`, but only with shapes the file already uses.
 */
function widenOperators(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink, shapes: FileShapes): void {
  if (node.type !== table.identifierType || !isValueUse(node, table)) return;
  const name = node.text;
  const names = visibleNames(node, scopes);
  if (!names.includes(name) || scopes.nonVariables.has(name)) return;
  shapes.exponents.slice(0, 2).forEach((exponent, index) => out.replaceNode(node, `${name} ** ${exponent}`, "widen", 5.4 + index * 0.05));
  // A square the file never writes (`x - approx` for `x - approx ** 2`): only as an operand
  // of arithmetic, and after the shapes the file does use.
  if (!shapes.exponents.includes("2") && isArithmeticOperand(node, table)) out.replaceNode(node, `${name} ** 2`, "widen", 5.9);
  if (shapes.slices) {
    const starts = ["1", ...names.filter((other) => other !== name).slice(0, 3)];
    starts.forEach((start, index) => {
      out.replaceNode(node, table.sliceFrom(name, start), "widen", 5.5 + index * 0.05);
      out.replaceNode(node, table.sliceTo(name, start), "widen", 5.52 + index * 0.05);
    });
  }
  shapes.functions.slice(0, 4).forEach((fn, index) => out.replaceNode(node, `${fn}(${name})`, "widen", 5.6 + index * 0.05));
  shapes.methods.slice(0, 3).forEach((method, index) => out.replaceNode(node, `${name}.${method}()`, "widen", 5.7 + index * 0.05));
}

/** The statements of a branch's block, or undefined when the branch is not a block. */
function branchStatements(branch: SyntaxNode | null, table: OperatorTable): { block: SyntaxNode; statements: SyntaxNode[] } | undefined {
  if (!branch) return undefined;
  let block: SyntaxNode | null = branch;
  if (branch.type === "else_clause") block = branch.childForFieldName("body") ?? branch.namedChildren.find((child) => child?.type === "statement_block") ?? null;
  if (!block || (block.type !== table.blockType && block.type !== "statement_block")) return undefined;
  const statements = block.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
  return statements.length > 0 ? { block, statements } : undefined;
}

/** Pairs of names in parallel positions of the two branches (`a[i]` in one, `b[j]` in the other). */
function parallelNames(a: SyntaxNode[], b: SyntaxNode[]): Map<string, string> {
  const map = new Map<string, string>();
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i].type !== b[i].type) continue;
    const left = identifiersOf(a[i]);
    const right = identifiersOf(b[i]);
    if (left.length !== right.length) continue;
    left.forEach((name, k) => {
      if (name !== right[k] && !map.has(name)) map.set(name, right[k]);
    });
  }
  return map;
}

/**
 * `text` with every identifier node of `node` renamed through `map`; a name the map lacks is
 * renamed through the stems of its pairs when the result is a name the program has (`evens` ->
 * `odds` renames `even_sum` to `odd_sum` and `evenSum` to `oddSum`).
 */
function renamed(node: SyntaxNode, map: ReadonlyMap<string, string>): string {
  const stems = [...map].map(([from, to]) => stemsOf(from, to)).filter((pair) => pair[0].length >= 2 && pair[1].length >= 1);
  const known = stems.length > 0 ? new Set(identifiersOf(node.tree.rootNode)) : new Set<string>();
  const renameOne = (name: string): string | undefined => {
    const to = map.get(name);
    if (to !== undefined) return to;
    for (const [from, into] of stems) {
      for (const [a, b] of [
        [from, into],
        [capitalized(from), capitalized(into)],
      ]) {
        if (!name.includes(a)) continue;
        const result = name.replace(a, b);
        if (known.has(result)) return result;
      }
    }
    return undefined;
  };
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (current: SyntaxNode) => {
    if (current.type === "identifier") {
      const to = renameOne(current.text);
      if (to !== undefined) edits.push({ start: current.startIndex - node.startIndex, end: current.endIndex - node.startIndex, text: to });
    }
    for (const child of current.namedChildren) if (child) visit(child);
  };
  visit(node);
  let text = node.text;
  for (const edit of edits.sort((x, y) => y.start - x.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return text;
}

/** What differs between two names once their common start and end are set aside: `evens`/`odds` -> `even`/`odd`. */
function stemsOf(from: string, to: string): [string, string] {
  let start = 0;
  while (start < from.length && start < to.length && from[start] === to[start]) start++;
  let end = 0;
  while (end < from.length - start && end < to.length - start && from[from.length - 1 - end] === to[to.length - 1 - end]) end++;
  return [from.slice(start, from.length - end), to.slice(start, to.length - end)];
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const SIMPLE_STATEMENTS = new Set(["expression_statement", "lexical_declaration"]);
const JUMPS = /^(return|break|continue|raise|throw)/;

/**
 * "Plastic surgery": a statement one branch of an `if` has and the other lacks, copied over
 * as is and with the names of the two branches swapped (`i += 1` in one branch, `j += 1`
 * missing from the other).
 */
function siblingBranchStatements(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const consequence = branchStatements(node.childForFieldName("consequence"), table);
  const alternative = branchStatements(node.childForFieldName("alternative"), table);
  if (!consequence || !alternative) return;
  const forward = parallelNames(consequence.statements, alternative.statements);
  const backward = new Map([...forward].map(([from, to]) => [to, from]));
  const copyInto = (from: SyntaxNode[], into: SyntaxNode[], map: Map<string, string>) => {
    const present = new Set(into.map((statement) => statement.text.replace(/\s+/g, "")));
    const last = into[into.length - 1];
    const anchor = JUMPS.test(last.text) ? last : undefined;
    const source = out.source;
    const at = anchor ? anchor.startIndex : last.endIndex;
    const indent = source.slice(source.lastIndexOf("\n", last.startIndex - 1) + 1, last.startIndex);
    if (!/^\s*$/.test(indent)) return;
    from.forEach((statement, index) => {
      if (!SIMPLE_STATEMENTS.has(statement.type)) return;
      for (const [text, cost] of [[renamed(statement, map), 5.3], [statement.text, 5.6]] as const) {
        if (present.has(text.replace(/\s+/g, ""))) continue;
        const inserted = anchor ? `${text}\n${indent}` : `\n${indent}${text}`;
        out.replace(at, at, inserted, "insert_statement", cost + index * 0.02);
      }
    });
  };
  copyInto(consequence.statements, alternative.statements, forward);
  copyInto(alternative.statements, consequence.statements, backward);
}

/**
 * A statement that mirrors the one before it with the names of an `if`'s two branches swapped:
 * after `out.extend(a[i:])`, the missing `out.extend(b[j:])` of a merge.
 */
function mirroredStatements(fn: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const maps: Map<string, string>[] = [];
  const collect = (node: SyntaxNode) => {
    if (node.type === "if_statement") {
      const consequence = branchStatements(node.childForFieldName("consequence"), table);
      const alternative = branchStatements(node.childForFieldName("alternative"), table);
      if (consequence && alternative) {
        const map = parallelNames(consequence.statements, alternative.statements);
        if (map.size > 0) {
          maps.push(map);
          maps.push(new Map([...map].map(([from, to]) => [to, from])));
        }
      }
    }
    for (const child of node.namedChildren) if (child && !table.functionTypes.has(child.type)) collect(child);
  };
  const body = fn.childForFieldName("body");
  if (!body) return;
  collect(body);
  if (maps.length === 0) return;
  const source = out.source;
  const visitBlock = (block: SyntaxNode) => {
    const statements = block.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    const present = new Set(statements.map((statement) => statement.text.replace(/\s+/g, "")));
    for (const statement of statements) {
      if (statement.type !== "expression_statement") continue;
      const indent = source.slice(source.lastIndexOf("\n", statement.startIndex - 1) + 1, statement.startIndex);
      if (!/^\s*$/.test(indent)) continue;
      for (const map of maps.slice(0, 4)) {
        const text = renamed(statement, map);
        if (text === statement.text || present.has(text.replace(/\s+/g, ""))) continue;
        out.replace(statement.endIndex, statement.endIndex, `\n${indent}${text}`, "insert_statement", 5.2);
      }
    }
  };
  const walk = (node: SyntaxNode) => {
    if (node.type === table.blockType || node.type === "statement_block") visitBlock(node);
    for (const child of node.namedChildren) if (child && !table.functionTypes.has(child.type)) walk(child);
  };
  walk(body);
}

/**
 * The step a `while` loop's variable takes (`i += 1`, `j++`), copied from where the function
 * already writes it to the end of a branch of the loop that lacks it: the classic missing
 * increment, which makes the loop spin on one branch.
 */
function loopSteps(loop: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const condition = loop.childForFieldName("condition");
  const body = loop.childForFieldName("body");
  if (!condition || !body) return;
  const variables = new Set(identifiersOf(condition));
  let fn: SyntaxNode | null = loop.parent;
  while (fn && !table.functionTypes.has(fn.type)) fn = fn.parent;
  const steps = new Map<string, { text: string; variable: string }>();
  const collect = (node: SyntaxNode) => {
    const stepped = steppedVariable(node, table);
    if (stepped && variables.has(stepped)) steps.set(node.text.replace(/\s+/g, ""), { text: node.text, variable: stepped });
    for (const child of node.namedChildren) if (child && !table.functionTypes.has(child.type)) collect(child);
  };
  collect(fn ?? loop);
  if (steps.size === 0) return;
  const source = out.source;
  const visitBlock = (block: SyntaxNode) => {
    const statements = block.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    const last = statements[statements.length - 1];
    if (!last) return;
    const indent = source.slice(source.lastIndexOf("\n", last.startIndex - 1) + 1, last.startIndex);
    if (!/^\s*$/.test(indent) || JUMPS.test(last.text)) return;
    const stepsHere = new Set<string>();
    const seen = (node: SyntaxNode) => {
      const stepped = steppedVariable(node, table);
      if (stepped) stepsHere.add(stepped);
      for (const child of node.namedChildren) if (child) seen(child);
    };
    statements.forEach(seen);
    [...steps.values()].forEach(({ text, variable }, index) => {
      if (stepsHere.has(variable)) return;
      out.replace(last.endIndex, last.endIndex, `\n${indent}${text}`, "insert_statement", 5.25 + index * 0.02);
    });
  };
  const walk = (node: SyntaxNode) => {
    if (node.type === table.blockType || node.type === "statement_block") visitBlock(node);
    for (const child of node.namedChildren) {
      if (!child || table.functionTypes.has(child.type) || child.type === "while_statement" || child.type === "for_statement") continue;
      walk(child);
    }
  };
  walk(body);
}

/** The variable a statement steps (`i += 1`, `i -= 2`, `i++`), when it is one. */
function steppedVariable(node: SyntaxNode, table: OperatorTable): string | undefined {
  if (node.type !== "expression_statement") return undefined;
  const expression = node.namedChildren[0];
  if (!expression) return undefined;
  if (table.augmentedTypes.has(expression.type)) {
    const left = expression.childForFieldName("left");
    const operator = expression.childForFieldName("operator")?.text;
    return left?.type === table.identifierType && (operator === "+=" || operator === "-=") ? left.text : undefined;
  }
  if (expression.type === table.updateType) {
    const argument = expression.childForFieldName("argument");
    return argument?.type === table.identifierType ? argument.text : undefined;
  }
  return undefined;
}

/** A call statement on a method (`lines.append(line)`), the kind a loop repeats. */
function isMethodCallStatement(statement: SyntaxNode, table: OperatorTable): SyntaxNode | undefined {
  if (statement.type !== "expression_statement") return undefined;
  const call = statement.namedChildren[0];
  if (!call || call.type !== table.callType) return undefined;
  return call.childForFieldName(table.calleeField)?.type === table.memberType ? call : undefined;
}

/**
 * The remainder a loop leaves, flushed after it: a call statement of the loop's body repeated
 * after the loop with its argument replaced by another variable (`lines.append(line)` in the
 * loop, the missing `lines.append(text)` after it).
 */
function flushAfterLoop(loop: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const body = loop.childForFieldName("body");
  if (!body || (body.type !== table.blockType && body.type !== "statement_block")) return;
  const source = out.source;
  const indent = source.slice(source.lastIndexOf("\n", loop.startIndex - 1) + 1, loop.startIndex);
  if (!/^\s*$/.test(indent)) return;
  const statements = body.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
  const names = [...remainderOf(loop, table), ...visibleNames(loop, scopes).filter((name) => !scopes.nonVariables.has(name))];
  statements.forEach((statement, s) => {
    const call = isMethodCallStatement(statement, table);
    const args = call?.childForFieldName(table.argumentsField);
    const only = args ? positionalArguments(args) : [];
    if (!call || only.length !== 1 || only[0].type !== table.identifierType) return;
    const argument = only[0];
    names
      .filter((name) => name !== argument.text)
      .slice(0, MAX_NAME_SUBSTITUTES)
      .forEach((name, index) => {
        const text = source.slice(statement.startIndex, argument.startIndex) + name + source.slice(argument.endIndex, statement.endIndex);
        out.replace(loop.endIndex, loop.endIndex, `\n${indent}${text}`, "insert_statement", 5.35 + s * 0.02 + index * 0.02, "missing_tail");
      });
  });
}

/**
 * What a loop over all but the last items leaves for after it: `xs[-1]` for `for x in xs[:-1]`
 * (the last item, which takes no separator after it).
 */
function remainderOf(loop: SyntaxNode, table: OperatorTable): string[] {
  const iterable = loop.childForFieldName("right");
  if (!iterable || iterable.type !== table.subscriptType || !table.comparisonChainType) return [];
  const collection = iterable.childForFieldName("value");
  const slice = iterable.childForFieldName(table.subscriptIndexField);
  if (!collection || collection.type !== table.identifierType || !slice || slice.type !== table.sliceType) return [];
  return /^:\s*-\s*1$/.test(slice.text) ? [`${collection.text}[-1]`] : [];
}

/**
 * True when `call` passes the element of the loop around the `if` as an argument and no call
 * in the `into` branch does: `out.append(token)` in one branch, a branch that only tests `token`.
 */
function dropsElement(ifNode: SyntaxNode, call: SyntaxNode, into: SyntaxNode[], table: OperatorTable): boolean {
  let loop: SyntaxNode | null = ifNode.parent;
  while (loop && !LOOP_TYPES.has(loop.type) && !table.functionTypes.has(loop.type)) loop = loop.parent;
  const element = loop && LOOP_TYPES.has(loop.type) ? loop.childForFieldName("left") : null;
  if (!element || element.type !== table.identifierType) return false;
  const passes = (node: SyntaxNode): boolean => {
    if (node.type === table.callType) {
      const args = node.childForFieldName(table.argumentsField);
      if (args && positionalArguments(args).some((arg) => arg.text === element.text)) return true;
    }
    return node.namedChildren.some((child) => child !== null && passes(child));
  };
  return passes(call) && !into.some(passes);
}

/**
 * A call statement of one branch of an `if`, copied to the end of the other branch with its
 * receiver replaced by another object the function calls methods on (`rpntokens.append(token)`
 * in one branch, the missing `opstack.append(token)` in the other).
 */
function otherReceiverCopies(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const consequence = branchStatements(node.childForFieldName("consequence"), table);
  const alternative = branchStatements(node.childForFieldName("alternative"), table);
  if (!consequence || !alternative) return;
  let fn: SyntaxNode | null = node.parent;
  while (fn && !table.functionTypes.has(fn.type)) fn = fn.parent;
  const receivers = new Set<string>();
  const collect = (current: SyntaxNode) => {
    if (current.type === table.callType) {
      const object = current.childForFieldName(table.calleeField)?.childForFieldName(table.memberObjectField);
      if (object?.type === table.identifierType) receivers.add(object.text);
    }
    for (const child of current.namedChildren) if (child && !table.functionTypes.has(child.type)) collect(child);
  };
  collect(fn ?? node);
  const source = out.source;
  const copy = (from: SyntaxNode[], into: SyntaxNode[]) => {
    const last = into[into.length - 1];
    if (JUMPS.test(last.text)) return;
    const indent = source.slice(source.lastIndexOf("\n", last.startIndex - 1) + 1, last.startIndex);
    if (!/^\s*$/.test(indent)) return;
    from.forEach((statement, s) => {
      const call = isMethodCallStatement(statement, table);
      const object = call?.childForFieldName(table.calleeField)?.childForFieldName(table.memberObjectField);
      if (!call || !object || object.type !== table.identifierType) return;
      // The element the loop hands each branch, stored by this branch and by nothing in the
      // other (which only tests it): the other branch most likely forgot to store it.
      const base = dropsElement(node, call, into, table) ? 4.4 : 5.4;
      [...receivers]
        .filter((name) => name !== object.text)
        .slice(0, 4)
        .forEach((name, index) => {
          const text = source.slice(statement.startIndex, object.startIndex) + name + source.slice(object.endIndex, statement.endIndex);
          out.replace(last.endIndex, last.endIndex, `\n${indent}${text}`, "insert_statement", base + s * 0.02 + index * 0.02);
        });
    });
  };
  copy(consequence.statements, alternative.statements);
  copy(alternative.statements, consequence.statements);
}
