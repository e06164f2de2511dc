import { enclosingFunction } from "./enclosing-function.js";
import type { MutationSink } from "./mutation-sink.js";
import type { OperatorTable } from "./operator-tables.js";
import { identifiersOf, visibleNames, type ScopeNames } from "./scope-names.js";
import type { SyntaxNode } from "./syntax-tree.js";

/** Elements of a tuple or list literal whose neighbours may be swapped: longer ones are data. */
const MAX_SWAPPED_ELEMENTS = 4;
/** Calls of the same function tried in one operand's place. */
const MAX_SIBLING_CALLS = 3;
/** Operators that bind tighter than `+` and `-`. */
const TIGHTER = new Set(["*", "/", "//", "%"]);
const LOOSER = new Set(["+", "-"]);
/** Conversions under which two values are compared as collections: as sets, as multisets, by size. */
const COMPARED_AS = ["set", "sorted", "len"];
/** Calls whose argument may have been meant without its repeats (`sorted(set(xs))`, `len(set(xs))`). */
const DEDUPLICATED_IN = new Set(["sorted", "len", "sum", "list"]);
const PUNCTUATION = /^[,;:.\-_/|]$/;
/**
 * Normalizations a string input often lacks (a case-insensitive count or comparison): tried on
 * the function's parameters, after the widenings the file itself suggests (JavaScript's
 * `toLowerCase`, the same class).
 */
const NORMALIZERS = ["lower"];
/** Steps a pipeline may end in before `join`: a missing `sorted` leaves the items in input order. */
const JOINED_PIPELINES = new Set(["list_comprehension", "call"]);

/**
 * Python forms of bug classes the shared operators do not reach, each a general rule built
 * from what the program already has:
 * - two neighbours of a tuple or list literal in the wrong order (`(col, row)` for
 *   `(row, col)`, `[index, value]` for `[value, index]`);
 * - a predicate that answers the opposite everywhere (every `return True` / `return False` of
 *   a function swapped at once: one of them alone breaks every case);
 * - a missing pair of parentheses (`n - 1 // 2` for `(n - 1) // 2`, `a * b + c` for `a * (b + c)`);
 * - a wrap-around index taken modulo a hard-coded size (`alphabet[(i + k) % 24]`) instead of
 *   the size of the sequence it indexes (`% len(alphabet)`);
 * - an inclusive count divided by without its `+ 1` (`total / (hi - lo)` for `hi - lo + 1`);
 * - a call where another call of the same function in the same function was meant
 *   (`ord(ch) - ord(ch)` for `ord(ch) - ord("a")`);
 * - an inner loop whose variable nothing reads: its body lacks the filter relating it to the
 *   outer loop's (`if a == b:`);
 * - two collections compared as they are where their sets, sorted items or sizes were meant,
 *   and a sorted or counted collection whose repeats should have gone (`sorted(set(xs))`);
 * - a returned list comprehension that keeps one element too many (`[...][1:]`);
 * - a sum that should have been halved (a midpoint, a mean of two, a semi-perimeter);
 * - a root compared with the value it was taken of (`round(x ** (1 / 3)) == x` for
 *   `round(x ** (1 / 3)) ** 3 == x`), with the exponents the file takes roots with;
 * - a product or sum with several stray terms at its end (`a * b * x * y` for `a * b`);
 * - a variable compared with a mirrored element of a sequence where the element at the loop's
 *   index was meant (`ans != xs[n - i - 1]` for `xs[i] != xs[n - i - 1]`);
 * - short string literals: a separator that should have been a space, padding on the wrong
 *   side (`' I'` for `'I '`), one character too many, a set of letters of one case only;
 * - a string parameter used without the normalization the task needs (`text.lower()`);
 * - a pipeline that joins its items without sorting them first (`sorted(...)` around what
 *   `join` takes, in the default order or by a lookup table the function defines).
 */
export function pythonMutations(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink, roots: readonly string[]): void {
  if (node.type === "tuple" || node.type === "list" || (node.type === "expression_list" && isValue(node, table))) swapElements(node, table, out);
  if (table.functionTypes.has(node.type)) invertedPredicate(node, table, out);
  if (table.binaryTypes.has(node.type)) {
    regroup(node, table, out);
    deleteTrailingTerms(node, table, out);
    inclusiveCount(node, table, out);
    siblingCalls(node, table, out);
  }
  if (node.type === table.subscriptType) modulusBySize(node, table, out);
  if (node.type === "for_statement") unreadInnerLoop(node, table, out);
  if (node.type === table.comparisonChainType) {
    comparedAs(node, out);
    rootCompared(node, table, out, roots);
    mirroredElement(node, table, scopes, out);
  }
  if (node.type === table.callType) deduplicated(node, table, out);
  if (node.type === table.callType) sortedBeforeJoin(node, table, out);
  if (node.type === table.identifierType) normalizedParameter(node, table, scopes, out);
  if (node.type === table.returnType) returnedSlice(node, out);
  if (node.type === table.returnType || table.assignmentTypes.has(node.type)) halvedSum(node, table, out);
  if (node.type === "string") stringEdits(node, out);
}

/** The exponents `k` of the roots the file takes (`x ** (1 / 3)`, `x ** (1. / k)` with a literal `k`). */
export function rootExponents(root: SyntaxNode, table: OperatorTable): string[] {
  const found: string[] = [];
  const visit = (node: SyntaxNode) => {
    if (table.binaryTypes.has(node.type) && node.childForFieldName("operator")?.text === "**") {
      const exponent = unparenthesized(node.childForFieldName("right"));
      if (exponent && table.binaryTypes.has(exponent.type) && exponent.childForFieldName("operator")?.text === "/") {
        const numerator = exponent.childForFieldName("left")?.text ?? "";
        const k = exponent.childForFieldName("right");
        if (/^1\.?0*$/.test(numerator) && k?.type === table.numberType && !found.includes(k.text)) found.push(k.text);
      }
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return found;
}

function unparenthesized(node: SyntaxNode | null): SyntaxNode | null {
  let current = node;
  while (current?.type === "parenthesized_expression" && current.namedChildren.length === 1) current = current.namedChildren[0];
  return current;
}

function elementsOf(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
}

function isAssignmentTarget(node: SyntaxNode, table: OperatorTable): boolean {
  const parent = node.parent;
  if (!parent) return false;
  const left = parent.childForFieldName("left");
  return left?.id === node.id && (table.assignmentTypes.has(parent.type) || parent.type === "for_statement" || parent.type === "for_in_clause");
}

/** An assigned or returned value (`a, b = 0, 1`, `return lo, hi`), not a target. */
function isValue(node: SyntaxNode, table: OperatorTable): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === table.returnType) return true;
  return table.assignmentTypes.has(parent.type) && parent.childForFieldName("right")?.id === node.id;
}

function swapElements(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const elements = elementsOf(node);
  if (elements.length < 2 || elements.length > MAX_SWAPPED_ELEMENTS || isAssignmentTarget(node, table)) return;
  if (elements.some((element) => element.type === "list_splat" || element.type === "parenthesized_list_splat")) return;
  for (let i = 0; i + 1 < elements.length; i++) {
    const [a, b] = [elements[i], elements[i + 1]];
    if (a.text === b.text) continue;
    out.replace(a.startIndex, b.endIndex, b.text + out.source.slice(a.endIndex, b.startIndex) + a.text, "swap_arguments", 3.3 + i * 0.02);
  }
}

function invertedPredicate(fn: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const values: SyntaxNode[] = [];
  let onlyBooleans = true;
  const visit = (node: SyntaxNode) => {
    for (const child of node.namedChildren) {
      if (!child || table.functionTypes.has(child.type) || child.type === "lambda") continue;
      if (child.type === table.returnType) {
        const value = elementsOf(child)[0];
        if (value && (value.type === "true" || value.type === "false")) values.push(value);
        else onlyBooleans = false;
      }
      visit(child);
    }
  };
  visit(fn);
  if (!onlyBooleans || values.length < 2 || !values.some((v) => v.type === "true") || !values.some((v) => v.type === "false")) return;
  const start = values[0].startIndex;
  const end = values[values.length - 1].endIndex;
  let text = "";
  let at = start;
  for (const value of values) {
    text += out.source.slice(at, value.startIndex) + (value.type === "true" ? "False" : "True");
    at = value.endIndex;
  }
  out.replace(start, end, text, "constant", 3);
}

function operatorOf(node: SyntaxNode | null, table: OperatorTable): string | undefined {
  return node && table.binaryTypes.has(node.type) ? node.childForFieldName("operator")?.text : undefined;
}

function regroup(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const operator = operatorOf(node, table);
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  if (!operator || !left || !right || !LOOSER.has(operator)) return;
  const source = out.source;
  const rightOperator = operatorOf(right, table);
  const inner = right.childForFieldName("left");
  if (rightOperator && TIGHTER.has(rightOperator) && inner) {
    // `n - 1 // 2` -> `(n - 1) // 2`
    out.replaceNode(node, `(${source.slice(left.startIndex, inner.endIndex)})${source.slice(inner.endIndex, right.endIndex)}`, "arithmetic", 3.4);
  }
  const leftOperator = operatorOf(left, table);
  const outer = left.childForFieldName("right");
  if (leftOperator && TIGHTER.has(leftOperator) && outer) {
    // `a * b + c` -> `a * (b + c)`
    out.replaceNode(node, `${source.slice(left.startIndex, outer.startIndex)}(${source.slice(outer.startIndex, node.endIndex)})`, "arithmetic", 3.45);
  }
}

function deleteTrailingTerms(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const operator = operatorOf(node, table);
  if (operator !== "*" && operator !== "+") return;
  // Only from the top of a chain: `((a * b) * x) * y` is visited once, as a whole.
  if (operatorOf(node.parent, table) === operator && node.parent?.childForFieldName("left")?.id === node.id) return;
  const spine: SyntaxNode[] = [];
  for (let current = node.childForFieldName("left"); current && operatorOf(current, table) === operator; current = current.childForFieldName("left")) {
    spine.push(current);
  }
  // spine[0] drops one term (the shared term deletion has it); spine[k - 1] drops k.
  spine.slice(1).forEach((kept, k) => out.replaceNode(node, kept.text, "delete_term", 3.4 + k * 0.1));
}

function inclusiveCount(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const operator = operatorOf(node, table);
  if (operator !== "/" && operator !== "//") return;
  const divisor = node.childForFieldName("right");
  const difference = unparenthesized(divisor);
  if (!divisor || !difference || operatorOf(difference, table) !== "-") return;
  const [a, b] = [difference.childForFieldName("left"), difference.childForFieldName("right")];
  if (!a || !b || b.type === table.numberType || a.type === table.numberType) return;
  out.replaceNode(divisor, `(${difference.text} + 1)`, "bound", 2.6);
}

function siblingCalls(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const operator = operatorOf(node, table);
  if (!operator || table.operatorFamily[operator] !== "arithmetic") return;
  const fn = enclosingFunction(node, table);
  if (!fn) return;
  for (const operand of [node.childForFieldName("left"), node.childForFieldName("right")]) {
    if (operand?.type !== table.callType) continue;
    const callee = operand.childForFieldName(table.calleeField)?.text;
    const others: string[] = [];
    const visit = (current: SyntaxNode) => {
      if (current.type === table.callType && current.childForFieldName(table.calleeField)?.text === callee) {
        if (current.text !== operand.text && !current.text.includes("\n") && !others.includes(current.text)) others.push(current.text);
      }
      for (const child of current.namedChildren) if (child && !table.functionTypes.has(child.type)) visit(child);
    };
    const body = fn.childForFieldName("body");
    if (body) visit(body);
    others.slice(0, MAX_SIBLING_CALLS).forEach((other, index) => out.replaceNode(operand, other, "replace_name", 4.5 + index * 0.03));
  }
}

function modulusBySize(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const sequence = node.childForFieldName("value");
  const index = node.childForFieldName(table.subscriptIndexField);
  if (!sequence || !index || sequence.type !== table.identifierType) return;
  const visit = (current: SyntaxNode) => {
    if (operatorOf(current, table) === "%") {
      const size = current.childForFieldName("right");
      if (size?.type === table.numberType) out.replaceNode(size, `len(${sequence.text})`, "constant", 2.9);
    }
    for (const child of current.namedChildren) if (child && child.type !== table.subscriptType) visit(child);
  };
  visit(index);
}

function loopVariable(loop: SyntaxNode, table: OperatorTable): string | undefined {
  const left = loop.childForFieldName("left");
  return left?.type === table.identifierType ? left.text : undefined;
}

function unreadInnerLoop(loop: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const inner = loopVariable(loop, table);
  const body = loop.childForFieldName("body");
  if (!inner || inner === "_" || !body || body.type !== table.blockType || identifiersOf(body).includes(inner)) return;
  let outerLoop: SyntaxNode | null = loop.parent;
  while (outerLoop && outerLoop.type !== "for_statement" && !table.functionTypes.has(outerLoop.type)) outerLoop = outerLoop.parent;
  const outer = outerLoop?.type === "for_statement" ? loopVariable(outerLoop, table) : undefined;
  const statements = elementsOf(body);
  const first = statements[0];
  if (!outer || !first) return;
  const source = out.source;
  const indent = source.slice(source.lastIndexOf("\n", first.startIndex - 1) + 1, first.startIndex);
  const loopIndent = source.slice(source.lastIndexOf("\n", loop.startIndex - 1) + 1, loop.startIndex);
  if (!/^\s*$/.test(indent) || !/^\s*$/.test(loopIndent) || !indent.startsWith(loopIndent)) return;
  const unit = indent.slice(loopIndent.length);
  const end = statements[statements.length - 1].endIndex;
  const nested = source
    .slice(first.startIndex, end)
    .split("\n")
    .map((line, i) => (i === 0 || line.trim() === "" ? line : unit + line))
    .join("\n");
  ["==", "!="].forEach((comparison, c) => {
    out.replace(first.startIndex, end, `if ${outer} ${comparison} ${inner}:\n${indent}${unit}${nested}`, "insert_guard", 4.5 + c * 0.1);
  });
}

function comparisonParts(node: SyntaxNode): { operator: string; operands: SyntaxNode[] } | undefined {
  const operators: string[] = [];
  for (let i = 0; i < node.childCount; i++) {
    if (node.fieldNameForChild(i) === "operators") operators.push(node.child(i)?.text.replace(/\s+/g, " ") ?? "");
  }
  const operands = elementsOf(node);
  return operators.length === 1 && operands.length === 2 ? { operator: operators[0], operands } : undefined;
}

function comparedAs(node: SyntaxNode, out: MutationSink): void {
  const parts = comparisonParts(node);
  if (!parts || (parts.operator !== "==" && parts.operator !== "!=")) return;
  const [a, b] = parts.operands;
  if (a.type !== "identifier" || b.type !== "identifier") return;
  const middle = out.source.slice(a.endIndex, b.startIndex);
  COMPARED_AS.forEach((fn, index) => out.replaceNode(node, `${fn}(${a.text})${middle}${fn}(${b.text})`, "widen", 4.6 + index * 0.05));
}

function rootCompared(node: SyntaxNode, table: OperatorTable, out: MutationSink, roots: readonly string[]): void {
  const parts = comparisonParts(node);
  if (!parts || roots.length === 0) return;
  for (const operand of parts.operands) {
    if (operand.type !== table.callType) continue;
    roots.slice(0, 2).forEach((k, index) => out.replaceNode(operand, `${operand.text} ** ${k}`, "widen", 4.5 + index * 0.05));
  }
}

function mirroredElement(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const parts = comparisonParts(node);
  if (!parts) return;
  let loop: SyntaxNode | null = node.parent;
  while (loop && loop.type !== "for_statement" && !table.functionTypes.has(loop.type)) loop = loop.parent;
  const index = loop?.type === "for_statement" ? loopVariable(loop, table) : undefined;
  if (!index) return;
  const [a, b] = parts.operands;
  for (const [name, element] of [
    [a, b],
    [b, a],
  ]) {
    if (name.type !== table.identifierType || element.type !== table.subscriptType || name.text === index) continue;
    const sequence = element.childForFieldName("value");
    const key = element.childForFieldName(table.subscriptIndexField);
    if (!sequence || sequence.type !== table.identifierType || !key || key.text === index || !identifiersOf(key).includes(index)) continue;
    if (!visibleNames(name, scopes).includes(name.text) || name.text === sequence.text) continue;
    out.replaceNode(name, `${sequence.text}[${index}]`, "replace_name", 4.4);
  }
}

function deduplicated(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const callee = node.childForFieldName(table.calleeField);
  const args = node.childForFieldName(table.argumentsField);
  if (callee?.type !== table.identifierType || !DEDUPLICATED_IN.has(callee.text) || !args) return;
  const only = elementsOf(args);
  if (only.length !== 1 || (only[0].type !== table.identifierType && only[0].type !== "list_comprehension")) return;
  out.replaceNode(only[0], `set(${only[0].text})`, "widen", 4.8);
}

function returnedSlice(node: SyntaxNode, out: MutationSink): void {
  const value = elementsOf(node)[0];
  if (value?.type !== "list_comprehension") return;
  out.replaceNode(value, `${value.text}[1:]`, "widen", 5);
  out.replaceNode(value, `${value.text}[:-1]`, "widen", 5.05);
}

function halvedSum(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const value = node.type === table.returnType ? elementsOf(node)[0] : (node.childForFieldName("right") ?? undefined);
  const sum = unparenthesized(value ?? null);
  if (!value || !sum || operatorOf(sum, table) !== "+") return;
  const text = value.type === "parenthesized_expression" ? value.text : `(${value.text})`;
  out.replaceNode(value, `${text} / 2`, "arithmetic", 4.4);
  out.replaceNode(value, `${text} // 2`, "arithmetic", 4.45);
}

function stringEdits(node: SyntaxNode, out: MutationSink): void {
  const open = node.children[0];
  const close = node.children[node.childCount - 1];
  const inner = node.children.slice(1, -1);
  if (!open || !close || open === close || /[fbFB]/.test(open.text) || node.parent?.type === "expression_statement") return;
  if (inner.some((child) => child?.type !== "string_content")) return;
  const content = inner.map((child) => child?.text ?? "").join("");
  const quoted = (text: string) => `${open.text}${text}${close.text}`;
  if (PUNCTUATION.test(content)) out.replaceNode(node, quoted(" "), "constant", 3);
  if (content === " ") out.replaceNode(node, quoted(","), "constant", 3.1);
  if (content.length >= 2 && content.length <= 3 && content.trim() !== "" && content.trim().length === content.length - 1) {
    // Padding on the wrong side: `' I'` for `'I '`.
    const moved = content.startsWith(" ") ? `${content.slice(1)} ` : ` ${content.slice(0, -1)}`;
    out.replaceNode(node, quoted(moved), "constant", 3.2);
  }
  if (content.length >= 2 && content.length <= 3 && !content.includes("\\")) {
    out.replaceNode(node, quoted(content.slice(0, -1)), "constant", 3.6);
    out.replaceNode(node, quoted(content.slice(1)), "constant", 3.65);
  }
  // A set of letters of one case, matched against text of both (`"aeiou"`).
  if (/^[a-z]{2,26}$/.test(content) || /^[A-Z]{2,26}$/.test(content)) {
    if (new Set(content).size === content.length) {
      const other = content === content.toLowerCase() ? content.toUpperCase() : content.toLowerCase();
      out.replaceNode(node, quoted(content + other), "constant", 3.3);
    }
  }
}

/**
 * `set(text)` -> `set(text.lower())`: a parameter read as a value (an argument, an operand, a
 * returned value) without the normalization the task wanted. Parameters only: they are the
 * function's inputs, which arrive as the caller wrote them; and not one annotated as another
 * type than `str` (a `List[int]` has no `.lower()`).
 */
function normalizedParameter(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const parent = node.parent;
  if (!parent) return;
  const arithmetic = table.binaryTypes.has(parent.type) && table.operatorFamily[operatorOf(parent, table) ?? ""] === "arithmetic";
  if (!arithmetic && parent.type !== "argument_list" && parent.type !== table.comparisonChainType && parent.type !== table.returnType) return;
  const fn = enclosingFunction(node, table);
  if (!fn || !(scopes.parameters.get(fn.id) ?? []).includes(node.text)) return;
  const annotation = parameterAnnotation(fn, node.text);
  if (annotation !== undefined && annotation !== "str") return;
  NORMALIZERS.forEach((method, index) => out.replaceNode(node, `${node.text}.${method}()`, "widen", 5.8 + index * 0.05));
}

/** The type annotation of a function's parameter (`str` for `text: str`), undefined when it has none. */
function parameterAnnotation(fn: SyntaxNode, name: string): string | undefined {
  for (const parameter of fn.childForFieldName("parameters")?.namedChildren ?? []) {
    if (!parameter || (parameter.type !== "typed_parameter" && parameter.type !== "typed_default_parameter")) continue;
    const own = parameter.childForFieldName("name") ?? parameter.namedChildren.find((child) => child?.type === "identifier");
    if (own?.text === name) return parameter.childForFieldName("type")?.text;
  }
  return undefined;
}

/**
 * `' '.join([w for w in words if w])` -> `' '.join(sorted([...]))`: a pipeline that should have
 * ordered its items before joining them. Tried in the default order and by each lookup table (a
 * dict literal) the function assigns, keyed by the items (`key=lambda w: rank[w]`), the usual
 * way to order names by value; the key's variable is the comprehension's own.
 */
function sortedBeforeJoin(call: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const callee = call.childForFieldName(table.calleeField);
  if (callee?.type !== table.memberType || callee.childForFieldName(table.memberPropertyField)?.text !== "join") return;
  const args = call.childForFieldName(table.argumentsField);
  const items = args?.type === "argument_list" ? elementsOf(args) : [];
  const [joined] = items;
  if (items.length !== 1 || !JOINED_PIPELINES.has(joined.type)) return;
  if (joined.type === table.callType && ["sorted", "reversed"].includes(joined.childForFieldName(table.calleeField)?.text ?? "")) return;
  const fn = enclosingFunction(call, table);
  const lookups: string[] = [];
  const collect = (current: SyntaxNode) => {
    if (table.assignmentTypes.has(current.type) && current.childForFieldName("right")?.type === "dictionary") {
      const name = current.childForFieldName("left");
      if (name?.type === table.identifierType && !lookups.includes(name.text)) lookups.push(name.text);
    }
    for (const child of current.namedChildren) if (child && !table.functionTypes.has(child.type)) collect(child);
  };
  if (fn) collect(fn);
  const clause = joined.type === "list_comprehension" ? joined.namedChildren.find((child) => child?.type === "for_in_clause") : undefined;
  const variable = clause?.childForFieldName("left")?.type === table.identifierType ? clause.childForFieldName("left")!.text : "x";
  const keys = ["", ...lookups.slice(0, 3).map((name) => `, key=lambda ${variable}: ${name}[${variable}]`)];
  keys.forEach((key, index) => out.replaceNode(joined, `sorted(${joined.text}${key})`, "builtin", 5.6 + index * 0.05));
}
