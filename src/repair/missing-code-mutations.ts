import { enclosingFunction } from "./enclosing-function.js";
import type { MutationSink } from "./mutation-sink.js";
import type { OperatorTable } from "./operator-tables.js";
import { identifiersOf, visibleNames, type ScopeNames } from "./scope-names.js";
import type { SyntaxNode } from "./syntax-tree.js";

/** Most variables tried in one slot: each adds a candidate or two per site. */
const MAX_NAMES = 6;
const LOOP_TYPES = new Set(["for_statement", "while_statement", "for_in_statement"]);
const BLOCK_TYPES = new Set(["block", "statement_block"]);
const JUMPS = /^(return|break|continue|raise|throw)\b/;

/**
 * Mutations that add a small piece of code the program lacks, each built only from what the
 * function already has (its variables, literals and collections):
 * - a final `return True` that should have checked a variable (`return depth == 0`);
 * - a recursive call whose argument should have been shifted by another variable
 *   (`kth(above, k)` -> `kth(above, k - num_less)`);
 * - a returned list missing the part the function already holds (`return rest + [...]`);
 * - a variable a loop reads but never updates (`prev = node` before `node = nxt`);
 * - a membership test on a collection nothing ever adds to (`visited.add(node)`).
 */
export function missingCodeMutations(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  if (node.type === table.returnType) {
    finalReturnCondition(node, table, scopes, out);
    returnedConcatenation(node, table, scopes, out);
  }
  if (node.type === table.callType) recursiveArgumentTerms(node, table, scopes, out);
  if (LOOP_TYPES.has(node.type)) loopCarriedUpdates(node, table, scopes, out);
  if (node.type === "if_statement") membershipBookkeeping(node, table, scopes, out);
}

/** The function's variables (parameters and locals), never its functions, classes or imports. */
function variablesOf(fn: SyntaxNode, scopes: ScopeNames): string[] {
  return [...(scopes.functions.get(fn.id) ?? [])].filter((name) => !scopes.nonVariables.has(name) && !["self", "cls", "this"].includes(name));
}

function statementsOf(block: SyntaxNode | null | undefined): SyntaxNode[] {
  if (!block) return [];
  return block.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
}

/** The whitespace before a statement on its line, or undefined when other code shares the line. */
function indentOf(node: SyntaxNode, source: string): string | undefined {
  const indent = source.slice(source.lastIndexOf("\n", node.startIndex - 1) + 1, node.startIndex);
  return /^\s*$/.test(indent) ? indent : undefined;
}

function insertBefore(statement: SyntaxNode, text: string, out: MutationSink, cost: number): void {
  const indent = indentOf(statement, out.source);
  if (indent === undefined) return;
  out.replace(statement.startIndex, statement.startIndex, `${text}\n${indent}`, "insert_statement", cost);
}

function insertAfter(statement: SyntaxNode, text: string, out: MutationSink, cost: number): void {
  const indent = indentOf(statement, out.source);
  if (indent === undefined) return;
  out.replace(statement.endIndex, statement.endIndex, `\n${indent}${text}`, "insert_statement", cost);
}

const isPython = (table: OperatorTable) => table.comparisonChainType !== undefined;
const statementText = (table: OperatorTable, text: string) => (isPython(table) ? text : `${text};`);

/**
 * The function's last statement returns a boolean constant where the answer depended on a
 * variable it kept (`return True` after a loop counting depth -> `return depth == 0`): each
 * variable compared with the numbers the function uses (0 first).
 */
function finalReturnCondition(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const value = statementsOf(node)[0];
  if (!value || (value.type !== "true" && value.type !== "false")) return;
  const fn = enclosingFunction(node, table);
  const body = fn?.childForFieldName("body");
  const statements = statementsOf(body);
  if (!fn || statements[statements.length - 1]?.id !== node.id) return;
  const parameters = new Set(scopes.parameters.get(fn.id) ?? []);
  const locals = variablesOf(fn, scopes).filter((name) => !parameters.has(name));
  const numbers = new Set(["0"]);
  const collect = (current: SyntaxNode) => {
    if (current.type === table.numberType && numbers.size < 2) numbers.add(current.text);
    for (const child of current.namedChildren) if (child && !table.functionTypes.has(child.type)) collect(child);
  };
  if (body) collect(body);
  const notEquals = table.equals === "===" ? "!==" : "!=";
  const operators = value.type === "true" ? [table.equals, notEquals] : [notEquals, table.equals];
  locals.slice(0, MAX_NAMES).forEach((name, n) => {
    [...numbers].forEach((number, k) => {
      operators.forEach((operator, o) => {
        out.replaceNode(value, `${name} ${operator} ${number}`, "widen", 4.6 + n * 0.02 + k * 0.05 + o * 0.1);
      });
    });
  });
}

/**
 * A recursive call whose argument should have moved by another variable of the function
 * (`kth(above, k)` where `k - num_less_or_eq` was meant): `arg - v`, `arg + v`.
 */
function recursiveArgumentTerms(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const callee = node.childForFieldName(table.calleeField);
  const fn = enclosingFunction(node, table);
  const name = fn?.childForFieldName("name")?.text ?? fn?.parent?.childForFieldName("name")?.text;
  if (!fn || !callee || callee.type !== table.identifierType || callee.text !== name) return;
  const args = statementsOf(node.childForFieldName(table.argumentsField)).filter((arg) => arg.type === table.identifierType);
  // The variables the conditions leading to the call compare come first (`elif k >= cut:`
  // guarding `select(larger, k)` names the shift).
  const guarding = guardingNames(node, fn, table);
  const visible = visibleNames(node, scopes).filter((variable) => !scopes.nonVariables.has(variable));
  const variables = [...guarding.filter((name) => visible.includes(name)), ...visible.filter((name) => !guarding.includes(name))];
  args.slice(0, 3).forEach((arg, a) => {
    variables
      .filter((variable) => variable !== arg.text)
      .slice(0, MAX_NAMES)
      .forEach((variable, v) => {
        out.replaceNode(arg, `${arg.text} - ${variable}`, "widen", 4.5 + a * 0.1 + v * 0.02);
        out.replaceNode(arg, `${arg.text} + ${variable}`, "widen", 4.55 + a * 0.1 + v * 0.02);
      });
  });
}

/** Identifiers of the conditions of the `if`, `elif` and `while` branches the node sits in, innermost first. */
function guardingNames(node: SyntaxNode, fn: SyntaxNode, table: OperatorTable): string[] {
  const names: string[] = [];
  for (let current = node.parent; current && current.id !== fn.id; current = current.parent) {
    if (current.type === "if_statement" || current.type === "elif_clause" || current.type === "while_statement" || table.conditionalTypes.has(current.type)) {
      const condition = current.childForFieldName("condition");
      // Only the branch the condition leads to: not the `else` of an `if`.
      const inConsequence = current.childForFieldName("consequence") ?? current.childForFieldName("body");
      if (condition && inConsequence && inConsequence.startIndex <= node.startIndex && node.endIndex <= inConsequence.endIndex) {
        for (const name of identifiersOf(condition)) if (!names.includes(name)) names.push(name);
      }
    }
  }
  return names;
}

const LIST_VALUES = new Set(["list_comprehension", "list", "array"]);

/**
 * A returned list that lacks the part the function already holds: `return [[first] + s for s
 * in rest]` where `rest + [...]` was meant (Python `+`, JavaScript `concat`), on either side.
 */
function returnedConcatenation(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const value = statementsOf(node)[0];
  const fn = enclosingFunction(node, table);
  if (!value || !fn || !LIST_VALUES.has(value.type)) return;
  const variables = variablesOf(fn, scopes);
  variables.slice(0, MAX_NAMES).forEach((name, n) => {
    const [before, after] = isPython(table) ? [`${name} + ${value.text}`, `${value.text} + ${name}`] : [`${name}.concat(${value.text})`, `${value.text}.concat(${name})`];
    out.replaceNode(value, before, "widen", 4.9 + n * 0.02);
    out.replaceNode(value, after, "widen", 4.95 + n * 0.02);
  });
}

/** The variable a statement assigns as a whole (`x = ...`, `x += 1`, `x++`, `let x = ...`), if any. */
function assignedName(statement: SyntaxNode, table: OperatorTable): string | undefined {
  if (statement.type === "lexical_declaration" || statement.type === "variable_declaration") {
    const name = statement.namedChildren.find((child) => child?.type === "variable_declarator")?.childForFieldName("name");
    return name?.type === table.identifierType ? name.text : undefined;
  }
  if (statement.type !== "expression_statement") return undefined;
  const expression = statement.namedChildren[0];
  if (!expression) return undefined;
  const target = expression.childForFieldName("left") ?? (expression.type === table.updateType ? expression.childForFieldName("argument") : null);
  if (!target || target.type !== table.identifierType) return undefined;
  return table.assignmentTypes.has(expression.type) || table.augmentedTypes.has(expression.type) || expression.type === table.updateType
    ? target.text
    : undefined;
}

/** Every name a statement list assigns as a whole, nested blocks included. */
function assignedNames(node: SyntaxNode, table: OperatorTable, into = new Set<string>()): Set<string> {
  const name = assignedName(node, table);
  if (name) into.add(name);
  for (const child of node.namedChildren) if (child && !table.functionTypes.has(child.type)) assignedNames(child, table, into);
  return into;
}

/**
 * A variable the loop reads but never updates, though the function set it before the loop
 * (`prev` in a list reversal, `last` in a running comparison): `v = w` for a variable `w` the
 * loop steps or assigns, before the statement that assigns `w` (keeping its old value) and at
 * the end of the body; never one that changes the name's kind (see `keepsKind`).
 */
function loopCarriedUpdates(loop: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const fn = enclosingFunction(loop, table);
  const body = loop.childForFieldName("body");
  if (!fn || !body || !BLOCK_TYPES.has(body.type)) return;
  const statements = statementsOf(body);
  const last = statements[statements.length - 1];
  if (!last) return;
  const variables = new Set(variablesOf(fn, scopes));
  const assignedInLoop = assignedNames(body, table);
  const loopVariable = loop.childForFieldName("left");
  const stepped = [
    ...(loopVariable?.type === table.identifierType ? [loopVariable.text] : []),
    ...identifiersOf(loop.childForFieldName("condition") ?? body).filter((name) => variables.has(name)),
    ...assignedInLoop,
  ];
  const assignedBefore = new Set<string>();
  for (const statement of statementsOf(loop.parent)) {
    if (statement.id === loop.id) break;
    assignedNames(statement, table, assignedBefore);
  }
  const carried = [...new Set(identifiersOf(body))].filter(
    (name) => variables.has(name) && assignedBefore.has(name) && !assignedInLoop.has(name) && name !== loopVariable?.text,
  );
  const values = [...new Set(stepped)].filter((name) => variables.has(name));
  const kinds = valueKinds(fn, table);
  carried.slice(0, 3).forEach((name, c) => {
    values
      .filter((value) => value !== name && keepsKind(name, value, kinds))
      .slice(0, MAX_NAMES)
      .forEach((value, v) => {
        const text = statementText(table, `${name} = ${value}`);
        const cost = 5.3 + c * 0.1 + v * 0.02;
        for (const statement of statements) if (assignedName(statement, table) === value) insertBefore(statement, text, out, cost);
        if (!JUMPS.test(last.text)) insertAfter(last, text, out, cost + 0.05);
      });
  });
}

/** What a name is bound to, as far as its initializers tell: a set or mapping, a list, or a number, string or boolean. */
type ValueKind = "keyed" | "list" | "scalar";

const KEYED_CONSTRUCTORS = new Set(["set", "dict", "frozenset", "defaultdict", "Counter", "OrderedDict", "Set", "Map", "WeakSet", "WeakMap"]);
const LIST_CONSTRUCTORS = new Set(["list", "deque", "Array"]);
const KINDS_BY_TYPE: Readonly<Record<string, ValueKind>> = {
  set: "keyed",
  dictionary: "keyed",
  set_comprehension: "keyed",
  dictionary_comprehension: "keyed",
  object: "keyed",
  list: "list",
  list_comprehension: "list",
  array: "list",
  integer: "scalar",
  float: "scalar",
  number: "scalar",
  string: "scalar",
  true: "scalar",
  false: "scalar",
};

/** The kind of each name the function binds, where every binding of it agrees (a name bound to two kinds has none). */
function valueKinds(fn: SyntaxNode, table: OperatorTable): Map<string, ValueKind | undefined> {
  const kinds = new Map<string, ValueKind | undefined>();
  const visit = (node: SyntaxNode) => {
    if (table.assignmentTypes.has(node.type) || node.type === "variable_declarator") {
      const target = node.childForFieldName("left") ?? node.childForFieldName("name");
      const value = node.childForFieldName("right") ?? node.childForFieldName("value");
      if (target?.type === table.identifierType && value) {
        const kind = kindOf(value);
        kinds.set(target.text, kinds.has(target.text) && kinds.get(target.text) !== kind ? undefined : kind);
      }
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(fn);
  return kinds;
}

function kindOf(value: SyntaxNode): ValueKind | undefined {
  if (value.type === "call" || value.type === "new_expression") {
    const callee = value.childForFieldName(value.type === "new_expression" ? "constructor" : "function");
    const name = callee?.type === "attribute" ? callee.childForFieldName("attribute")?.text : callee?.text;
    return name && KEYED_CONSTRUCTORS.has(name) ? "keyed" : name && LIST_CONSTRUCTORS.has(name) ? "list" : undefined;
  }
  return KINDS_BY_TYPE[value.type];
}

/**
 * Whether `name = value` keeps the name's kind: a set or mapping (`seen = set()`) only takes
 * another, and a list no set, mapping or scalar (`seen = k` loses the visited set; a list may
 * take a loop's row, whose kind the initializers do not tell).
 */
function keepsKind(name: string, value: string, kinds: ReadonlyMap<string, ValueKind | undefined>): boolean {
  const target = kinds.get(name);
  const source = kinds.get(value);
  if (target === "keyed") return source === "keyed";
  if (target === "list") return source !== "keyed" && source !== "scalar";
  return true;
}

/** `x in S` / `x not in S` (Python) or `S.has(x)` / `S.includes(x)` (JavaScript): the collection, the item and whether it is negated. */
function membershipTest(condition: SyntaxNode, table: OperatorTable): { collection: string; item: string; negated: boolean } | undefined {
  let node = condition;
  let negated = false;
  while (node.type === "parenthesized_expression" || node.type === table.notType || (node.type === "unary_expression" && node.text.startsWith("!"))) {
    if (node.type !== "parenthesized_expression") negated = !negated;
    const inner = node.childForFieldName("argument") ?? node.namedChildren[0];
    if (!inner) return undefined;
    node = inner;
  }
  if (node.type === table.comparisonChainType) {
    const operands = statementsOf(node);
    if (operands.length !== 2 || operands[1].type !== table.identifierType) return undefined;
    const operator = node.text.slice(operands[0].endIndex - node.startIndex, operands[1].startIndex - node.startIndex).trim().replace(/\s+/g, " ");
    if (operator !== "in" && operator !== "not in") return undefined;
    return { collection: operands[1].text, item: operands[0].text, negated: negated !== (operator === "not in") };
  }
  if (node.type === table.callType) {
    const callee = node.childForFieldName(table.calleeField);
    const object = callee?.childForFieldName(table.memberObjectField);
    const method = callee?.childForFieldName(table.memberPropertyField)?.text;
    const args = statementsOf(node.childForFieldName(table.argumentsField));
    if (callee?.type !== table.memberType || object?.type !== table.identifierType || args.length !== 1) return undefined;
    if (method !== "has" && method !== "includes") return undefined;
    return { collection: object.text, item: args[0].text, negated };
  }
  return undefined;
}

/** How the program adds to a collection it created empty (`set()`, `[]`, `new Set()`), by its initializer. */
function adderOf(collection: string, fn: SyntaxNode, table: OperatorTable): string | undefined {
  let adder: string | undefined;
  let addsAlready = false;
  const visit = (node: SyntaxNode) => {
    if (table.assignmentTypes.has(node.type) || node.type === "variable_declarator") {
      const target = node.childForFieldName("left") ?? node.childForFieldName("name");
      const value = node.childForFieldName("right") ?? node.childForFieldName("value");
      if (target?.text === collection && value) {
        const text = value.text.replace(/\s+/g, "");
        if (text === "set()" || /^newSet\(/.test(text)) adder = "add";
        else if (text === "[]") adder = isPython(table) ? "append" : "push";
      }
    }
    if (node.type === table.callType) {
      const callee = node.childForFieldName(table.calleeField);
      const method = callee?.childForFieldName(table.memberPropertyField)?.text ?? "";
      if (callee?.childForFieldName(table.memberObjectField)?.text === collection && ["add", "append", "push", "update", "extend", "insert"].includes(method)) {
        addsAlready = true;
      }
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(fn);
  return addsAlready ? undefined : adder;
}

/**
 * A membership test on a collection the function created empty and never adds to (a visited
 * set that is never filled): the item is added where the test has just said it is new, at the
 * start of the other branches or after the `if` when its branch leaves.
 */
function membershipBookkeeping(node: SyntaxNode, table: OperatorTable, scopes: ScopeNames, out: MutationSink): void {
  const condition = node.childForFieldName("condition");
  const test = condition && membershipTest(condition, table);
  if (!test || !/^[\w.]+$/.test(test.item)) return;
  let fn = enclosingFunction(node, table);
  let adder: string | undefined;
  // The collection may belong to an enclosing function (a nested search helper).
  for (; fn && !adder; fn = enclosingFunction(fn, table)) if (scopes.functions.get(fn.id)?.has(test.collection)) adder = adderOf(test.collection, fn, table);
  if (!adder) return;
  const text = statementText(table, `${test.collection}.${adder}(${test.item})`);
  const consequence = node.childForFieldName("consequence");
  if (test.negated) {
    const first = statementsOf(consequence)[0];
    if (first) insertBefore(first, text, out, 5.2);
    return;
  }
  const branches = node.namedChildren.filter((child): child is SyntaxNode => child?.type === "elif_clause" || child?.type === "else_clause");
  branches.forEach((branch, b) => {
    const block = branch.childForFieldName("consequence") ?? branch.childForFieldName("body") ?? branch.namedChildren.find((child) => child && BLOCK_TYPES.has(child.type));
    const first = statementsOf(block)[0];
    if (first) insertBefore(first, text, out, 5.2 + b * 0.02);
  });
  const own = statementsOf(consequence);
  const leaves = consequence && (JUMPS.test(consequence.text.trim()) || JUMPS.test(own[own.length - 1]?.text ?? ""));
  if (leaves) insertAfter(node, text, out, 5.25);
}
