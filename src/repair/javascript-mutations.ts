import { enclosingFunction } from "./enclosing-function.js";
import type { MutationSink } from "./mutation-sink.js";
import type { Mutation } from "./source-edit.js";
import { type OperatorTable, ownEntry } from "./operator-tables.js";
import { identifiersOf, visibleNames, type ScopeNames } from "./scope-names.js";
import type { SyntaxNode } from "./syntax-tree.js";

/** Most substitutes tried in one slot: each adds a candidate per site. */
const MAX_SUBSTITUTES = 6;
const MAX_INGREDIENTS = 4;
const LOOP_TYPES = new Set(["for_statement", "for_in_statement", "while_statement", "do_statement"]);
/** Methods that add to one end of an array, and the one that takes the last addition back. */
const UNDO_METHOD: Readonly<Record<string, string>> = { push: "pop", unshift: "shift" };
/** `Math` functions that fold their arguments: a running extreme updates with itself as one of them. */
const EXTREMES = new Set(["Math.max", "Math.min"]);
/**
 * Normalizations a string input often lacks (a case-insensitive count or comparison): tried on
 * the function's parameters, after the widenings the file itself suggests.
 */
const NORMALIZERS = ["toLowerCase"];
/**
 * Methods of arrays and strings that return a new value and leave their receiver as it was: a
 * statement that calls one and keeps nothing of the result does nothing.
 */
const PURE_METHODS = new Set([
  "filter", "map", "slice", "concat", "flat", "flatMap", "toSorted", "toReversed", "toSpliced", "with",
  "trim", "trimStart", "trimEnd", "toLowerCase", "toUpperCase", "replace", "replaceAll", "padStart", "padEnd", "repeat",
]);
/** Array methods a pipeline may run before `join`: a missing `sort` leaves the items in input order. */
const PIPELINE_METHODS = new Set(["split", "filter", "map", "slice", "concat", "flat", "flatMap"]);

/**
 * JavaScript (and TypeScript) forms of bug classes the shared operators do not reach, each
 * built only from what the program already has:
 * - a method call with its receiver and argument swapped (`needle.indexOf(hay)` for
 *   `hay.indexOf(needle)`);
 * - a variable where another expression of the function was meant (`total / mean` for
 *   `total / numbers.length`: the plastic-surgery ingredient is a property read the function
 *   already makes);
 * - a running extreme that folds the wrong values (`best = Math.max(items)` for
 *   `Math.max(best, item)`);
 * - a loop that pushes one item too many (a separator after the last element): the last push
 *   taken back after the loop (`out.pop()`);
 * - a string parameter used without the normalization the task needs (`x.toLowerCase()`);
 * - a pipeline that joins its items without sorting them first (`.sort()` before `.join`,
 *   numerically or by a lookup table the function defines);
 * - a difference of two values that should have been absolute (`Math.abs(a - b)`);
 * - an off-by-one in the index of `.at()`, negative ones included (`s.at(-i)` for `s.at(-i - 1)`:
 *   the shared bound operator leaves `-i` alone, which in a subscript is a value, not an offset);
 * - the result of a method that returns a new value thrown away (`values.filter(p);` for
 *   `values = values.filter(p);`: the classic slip of a call believed to work in place).
 */
export function javascriptMutations(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  if (node.type === table.callType) {
    swappedReceiver(node, table, scopes, out);
    runningExtreme(node, table, scopes, out);
    sortBeforeJoin(node, table, out);
    atIndexOffset(node, table, out);
  }
  if (node.type === table.identifierType) {
    ingredientExpressions(node, table, scopes, out);
    normalizedParameter(node, table, scopes, out);
  }
  if (LOOP_TYPES.has(node.type)) undoLastPush(node, table, out);
  if (node.type === "expression_statement") keptResult(node, table, out);
  if (table.binaryTypes.has(node.type) && node.childForFieldName("operator")?.text === "-") absoluteDifference(node, table, out);
}

/**
 * `a - b` -> `Math.abs(a - b)`: a distance, a gap or a tolerance is an absolute difference, and
 * leaving out the `abs` is among the commonest slips in numeric code; tried well before the
 * general wrappers (which try it last, on assigned and returned values only).
 */
function absoluteDifference(node: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const parent = node.parent;
  // Already inside a call of its own (`Math.abs(a - b)`, `f(a - b)` keeps its meaning), or an index (`xs[i - 1]`).
  if (parent?.type === "arguments" && parent.namedChildren.length === 1) return;
  if (parent?.type === table.subscriptType) return;
  const right = node.childForFieldName("right");
  // `n - 1` is an offset, not a difference of two values.
  if (!right || right.type === table.numberType) return;
  out.replaceNode(node, `Math.abs(${node.text})`, "wrap", 3.4);
}

/**
 * `xs.filter(p);` -> `xs = xs.filter(p);`: a statement that calls a method returning a new array
 * or string (PURE_METHODS) on a variable and keeps nothing of it is dead code, written by someone
 * who thought the call changed the variable; the fix keeps the result in it. Cheap: correct code
 * has no such statement, so the edit is proposed almost only where it is the bug.
 */
function keptResult(statement: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const call = statement.namedChildren[0];
  if (call?.type !== table.callType) return;
  const callee = call.childForFieldName(table.calleeField);
  if (callee?.type !== table.memberType || !PURE_METHODS.has(callee.childForFieldName(table.memberPropertyField)?.text ?? "")) return;
  // The variable the pipeline starts from (`xs` of `xs.filter(p).map(f)`).
  let receiver: SyntaxNode | null | undefined = callee.childForFieldName(table.memberObjectField);
  while (receiver?.type === table.callType || receiver?.type === table.memberType) {
    const inner: SyntaxNode | null | undefined = receiver.type === table.callType ? receiver.childForFieldName(table.calleeField) : receiver;
    receiver = inner?.type === table.memberType ? inner.childForFieldName(table.memberObjectField) : undefined;
  }
  if (receiver?.type !== table.identifierType || declaredConst(receiver.text, statement, table)) return;
  out.replaceNode(call, `${receiver.text} = ${call.text}`, "wrap", 1.5);
}

/** Whether `name` is declared `const` in the function around `node` (assigning it would throw). */
function declaredConst(name: string, node: SyntaxNode, table: OperatorTable): boolean {
  const scope = outermostFunction(node, table) ?? node.tree.rootNode;
  const found = (current: SyntaxNode): boolean =>
    (current.type === "lexical_declaration" &&
      current.child(0)?.text === "const" &&
      current.namedChildren.some((declarator) => declarator?.childForFieldName("name")?.text === name)) ||
    current.namedChildren.some((child) => child !== null && found(child));
  return found(scope);
}

/**
 * `xs.at(k)` -> `xs.at(k - 1)`, `xs.at(k + 1)`: `.at()` is JavaScript's subscript that counts from
 * the end for a negative index, and its index is off by one as often as a subscript's (mirrored
 * walks: `s[i]` against `s.at(-i)`, where the last character is `s.at(-1)`). Literal indices are
 * the literal operator's.
 */
function atIndexOffset(call: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const callee = call.childForFieldName(table.calleeField);
  if (callee?.type !== table.memberType || callee.childForFieldName(table.memberPropertyField)?.text !== "at") return;
  const args = argumentsOf(call, table);
  if (args.length !== 1 || args[0].type === table.numberType || /^-\s*\d+$/.test(args[0].text)) return;
  out.replaceNode(args[0], table.plus(args[0].text, -1), "bound", 1.3);
  out.replaceNode(args[0], table.plus(args[0].text, 1), "bound", 1.32);
}

/** The outermost function around `node` (a callback's names and reads belong to the function it is written in). */
function outermostFunction(node: SyntaxNode, table: OperatorTable): SyntaxNode | undefined {
  let found: SyntaxNode | undefined;
  for (let current = node.parent; current; current = current.parent) if (table.functionTypes.has(current.type)) found = current;
  return found;
}

function argumentsOf(call: SyntaxNode, table: OperatorTable): SyntaxNode[] {
  const list = call.childForFieldName(table.argumentsField);
  return (list?.namedChildren ?? []).filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
}

/** A name, a property read or an index: an operand that can trade places without parentheses. */
function isSimpleOperand(node: SyntaxNode, table: OperatorTable): boolean {
  if (node.type === table.identifierType) return true;
  if (node.type === table.memberType || node.type === table.subscriptType) return !node.descendantsOfType(table.callType).some(Boolean);
  return false;
}

/** `a.indexOf(b)` -> `b.indexOf(a)`: which of two values is searched in which is a classic slip. */
function swappedReceiver(call: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const callee = call.childForFieldName(table.calleeField);
  if (callee?.type !== table.memberType) return;
  const receiver = callee.childForFieldName(table.memberObjectField);
  const args = argumentsOf(call, table);
  if (!receiver || args.length !== 1) return;
  const [argument] = args;
  if (!isSimpleOperand(receiver, table) || !isSimpleOperand(argument, table) || receiver.text === argument.text) return;
  // `Math.max(x)`, `console.log(x)`: only the program's own variables are values to swap.
  const visible = visibleNames(call, scopes);
  const isVariable = (name: string) => visible.includes(name) && !scopes.nonVariables.has(name);
  if (![receiver, argument].every((side) => identifiersOf(side).every(isVariable))) return;
  const source = out.source;
  out.replace(
    receiver.startIndex,
    argument.endIndex,
    argument.text + source.slice(receiver.endIndex, argument.startIndex) + receiver.text,
    "swap_arguments",
    3.25,
  );
}

/** True when `node` is read as a value: an operand of arithmetic or a comparison, an argument, a returned value. */
function isOperand(node: SyntaxNode, table: OperatorTable): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (table.binaryTypes.has(parent.type)) {
    const family = table.operatorFamily[parent.childForFieldName("operator")?.text ?? ""];
    return family === "arithmetic" || family === "comparison";
  }
  return parent.type === "arguments" || parent.type === table.returnType;
}

/**
 * `total / mean` -> `total / numbers.length`: a variable operand replaced by a property read
 * the same function already makes (`xs.length`, `map.size`, `node.value`), one that does not
 * read the variable itself. Redundancy within the function is where such fixes come from.
 */
function ingredientExpressions(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  if (!isOperand(node, table)) return;
  if (!visibleNames(node, scopes).includes(node.text) || scopes.nonVariables.has(node.text)) return;
  const fn = outermostFunction(node, table);
  if (!fn) return;
  const ingredients: string[] = [];
  const collect = (current: SyntaxNode) => {
    if (ingredients.length >= MAX_INGREDIENTS) return;
    if (current.type === table.memberType && isPropertyRead(current, table)) {
      const text = current.text;
      if (!ingredients.includes(text) && !identifiersOf(current).includes(node.text)) ingredients.push(text);
      return;
    }
    for (const child of current.namedChildren) if (child) collect(child);
  };
  collect(fn);
  ingredients.forEach((text, index) => out.replaceNode(node, text, "replace_name", 4.5 + index * 0.02));
}

/** `xs.length`, `node.next.value`: a property read of a variable, not a method being called nor a namespace (`Math.PI`). */
function isPropertyRead(member: SyntaxNode, table: OperatorTable): boolean {
  const parent = member.parent;
  if (parent?.type === table.callType && parent.childForFieldName(table.calleeField)?.id === member.id) return false;
  if (parent && table.assignmentTypes.has(parent.type) && parent.childForFieldName("left")?.id === member.id) return false;
  let object = member.childForFieldName(table.memberObjectField);
  while (object?.type === table.memberType) object = object.childForFieldName(table.memberObjectField);
  return object?.type === table.identifierType && !/^[A-Z]/.test(object.text) && object.text !== "this";
}

/**
 * `best = Math.max(items)` -> `best = Math.max(best, item)`: a running extreme must fold the
 * value it keeps with each new one: the kept value is added to the call's arguments, or the
 * call folds it with each other variable in scope.
 */
function runningExtreme(call: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const callee = call.childForFieldName(table.calleeField);
  const assignment = call.parent;
  if (!callee || !EXTREMES.has(callee.text) || !assignment || !table.assignmentTypes.has(assignment.type)) return;
  const target = assignment.childForFieldName("left") ?? assignment.childForFieldName("name");
  if (target?.type !== table.identifierType) return;
  const args = argumentsOf(call, table);
  if (args.some((arg) => arg.text === target.text)) return;
  const list = call.childForFieldName(table.argumentsField);
  if (!list) return;
  const used = new Set(args.flatMap((arg) => identifiersOf(arg)));
  const names = visibleNames(call, scopes).filter((name) => name !== target.text && !scopes.nonVariables.has(name));
  // The names the call reads go last: the slip is usually reading the collection for the item.
  const ordered = [...names.filter((name) => !used.has(name)), ...names.filter((name) => used.has(name))];
  // `Math.max(size)` -> `Math.max(width, size)`: the kept value was left out.
  if (args.length > 0) out.replace(list.startIndex + 1, list.startIndex + 1, `${target.text}, `, "wrap", 4.55);
  ordered.slice(0, MAX_SUBSTITUTES).forEach((name, index) => {
    out.replaceNode(list, `(${target.text}, ${name})`, "wrap", 4.6 + index * 0.02);
  });
}

/** The function declares `name` (`const`, `let`, `var`) before the loop starts. */
function declaresBefore(name: string, loop: SyntaxNode, table: OperatorTable): boolean {
  const fn = enclosingFunction(loop, table);
  if (!fn) return false;
  let found = false;
  const visit = (current: SyntaxNode) => {
    if (found || current.startIndex >= loop.startIndex) return;
    if (current.type === "variable_declarator" && current.childForFieldName("name")?.text === name) found = true;
    for (const child of current.namedChildren) if (child && !found) visit(child);
  };
  visit(fn);
  return found;
}

/**
 * The fencepost: a loop that pushes an item and a separator each time ends with one separator
 * too many. After a loop that pushes onto an array the function declared before it, that array's
 * last addition is taken back (`out.pop();`, `out.shift();` for `unshift`).
 */
function undoLastPush(loop: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const body = loop.childForFieldName("body");
  if (!body) return;
  const source = out.source;
  const indent = source.slice(source.lastIndexOf("\n", loop.startIndex - 1) + 1, loop.startIndex);
  if (!/^\s*$/.test(indent)) return;
  const undo = new Map<string, string>();
  const visit = (current: SyntaxNode) => {
    if (current.type === table.callType) {
      const callee = current.childForFieldName(table.calleeField);
      const receiver = callee?.childForFieldName(table.memberObjectField);
      const method = callee?.type === table.memberType ? callee.childForFieldName(table.memberPropertyField)?.text : undefined;
      const undoMethod = method === undefined ? undefined : ownEntry(UNDO_METHOD, method);
      if (receiver?.type === table.identifierType && undoMethod && !undo.has(receiver.text) && declaresBefore(receiver.text, loop, table)) {
        undo.set(receiver.text, undoMethod);
      }
    }
    for (const child of current.namedChildren) if (child && !table.functionTypes.has(child.type)) visit(child);
  };
  visit(body);
  // Written before the statement after the loop, whose line the tests ran (a loop's closing
  // brace is no line of coverage), or at the loop's end when it is the block's last statement.
  let next = loop.nextNamedSibling;
  while (next?.type === "comment") next = next.nextNamedSibling;
  [...undo].slice(0, 2).forEach(([name, method], index) => {
    const statement = `${name}.${method}();`;
    if (next) out.replace(next.startIndex, next.startIndex, `${statement}\n${indent}`, "insert_statement", 5.3 + index * 0.05, "extra_tail");
    else out.replace(loop.endIndex, loop.endIndex, `\n${indent}${statement}`, "insert_statement", 5.3 + index * 0.05, "extra_tail");
  });
}

/**
 * `new Set(text).size` -> `new Set(text.toLowerCase()).size`: a parameter read as a value (an
 * argument, an operand) without the normalization the task wanted. Parameters only: they are
 * the function's inputs, which arrive as the caller wrote them.
 */
function normalizedParameter(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  if (!isOperand(node, table) && node.parent?.type !== "arguments") return;
  const fn = enclosingFunction(node, table);
  if (!fn || !(scopes.parameters.get(fn.id) ?? []).includes(node.text)) return;
  NORMALIZERS.forEach((method, index) => out.replaceNode(node, `${node.text}.${method}()`, "widen", 5.8 + index * 0.05));
}

/**
 * `words.filter(...).join(" ")` -> `words.filter(...).sort(...).join(" ")`: a pipeline that
 * should have ordered its items. Tried with the default order, numerically, and by each lookup
 * table (an object literal) the function defines, the usual way to order names by value.
 */
function sortBeforeJoin(call: SyntaxNode, table: OperatorTable, out: MutationSink): void {
  const callee = call.childForFieldName(table.calleeField);
  if (callee?.type !== table.memberType || callee.childForFieldName(table.memberPropertyField)?.text !== "join") return;
  const receiver = callee.childForFieldName(table.memberObjectField);
  const inner = receiver?.type === table.callType ? receiver.childForFieldName(table.calleeField) : undefined;
  const method = inner?.type === table.memberType ? inner.childForFieldName(table.memberPropertyField)?.text : undefined;
  if (!receiver || !method || !PIPELINE_METHODS.has(method)) return;
  const fn = enclosingFunction(call, table);
  const lookups: string[] = [];
  const collect = (current: SyntaxNode) => {
    if (current.type === "variable_declarator" && current.childForFieldName("value")?.type === "object") {
      const name = current.childForFieldName("name");
      if (name?.type === table.identifierType && !lookups.includes(name.text)) lookups.push(name.text);
    }
    for (const child of current.namedChildren) if (child && !table.functionTypes.has(child.type)) collect(child);
  };
  if (fn) collect(fn);
  const comparators = ["", "(a, b) => a - b", ...lookups.slice(0, 3).map((name) => `(a, b) => ${name}[a] - ${name}[b]`)];
  comparators.forEach((comparator, index) => {
    out.replace(receiver.endIndex, receiver.endIndex, `.sort(${comparator})`, "builtin", 5.6 + index * 0.05);
  });
}

/** The identity of the operators that update an accumulator: `+=` starts from 0, `*=` from 1. */
const IDENTITY: Readonly<Record<string, number>> = { "+=": 0, "-=": 0, "*=": 1, "/=": 1 };
/** How much later a changed start value is tried when the original start is its updates' identity, and how much sooner when it is not. */
const AWAY_FROM_IDENTITY = 1;
const TO_IDENTITY = -0.4;

/**
 * An accumulator's start value is almost always the identity of the operator that updates it
 * (`sum = 0` for `sum += x`, `product = 1` for `product *= x`): a start of 0 for a product is a
 * classic slip, a start of 1 for a sum rarely the fix. Literal edits of such a start value are
 * moved in the order accordingly: toward the identity sooner, away from it later (the tests of
 * a function often pass with either a wrong start or the real fix elsewhere).
 */
export function weighAccumulatorStarts(root: SyntaxNode, table: OperatorTable, mutations: Mutation[]): void {
  const starts = new Map<number, { end: number; identity: number; value: number }>();
  const visit = (fn: SyntaxNode) => {
    const updates = new Map<string, Set<number>>();
    const declared: { name: string; value: SyntaxNode }[] = [];
    const collect = (current: SyntaxNode) => {
      if (table.augmentedTypes.has(current.type)) {
        const left = current.childForFieldName("left");
        const identity = IDENTITY[current.childForFieldName("operator")?.text ?? ""];
        if (left?.type === table.identifierType && identity !== undefined) updates.set(left.text, (updates.get(left.text) ?? new Set()).add(identity));
      }
      if (current.type === "variable_declarator") {
        const name = current.childForFieldName("name");
        const value = current.childForFieldName("value");
        if (name?.type === table.identifierType && value?.type === table.numberType) declared.push({ name: name.text, value });
      }
      for (const child of current.namedChildren) if (child) collect(child);
    };
    collect(fn);
    for (const { name, value } of declared) {
      const identities = updates.get(name);
      if (!identities || identities.size !== 1) continue;
      starts.set(value.startIndex, { end: value.endIndex, identity: [...identities][0], value: Number(value.text) });
    }
  };
  const walk = (node: SyntaxNode) => {
    if (table.functionTypes.has(node.type)) visit(node);
    else for (const child of node.namedChildren) if (child) walk(child);
  };
  walk(root);
  for (const mutation of mutations) {
    const start = starts.get(mutation.edit.start);
    if (!start || mutation.edit.end !== start.end || (mutation.operator !== "literal" && mutation.operator !== "constant")) continue;
    if (start.value === start.identity) mutation.cost += AWAY_FROM_IDENTITY;
    else if (Number(mutation.edit.text) === start.identity) mutation.cost += TO_IDENTITY;
  }
}
