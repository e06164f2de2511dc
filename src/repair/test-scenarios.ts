import type { SourceFile } from "../shared/task.js";
import { calledName, literalCall, testOf, type TestScenario } from "./derive-inputs.js";
import type { LiteralLanguage } from "./literal-value.js";
import { parseSource, type SyntaxNode } from "./syntax-tree.js";

/** Method calls kept of one scenario: a test's sequence rarely runs longer, and each call costs the guard's run time. */
const MAX_STEPS = 16;
const TEST_CALLS = new Set(["test", "it"]);
/** Python builtins that read an object passed to them (`len(stack)`), and so leave its scenario going. */
const PYTHON_READERS = new Set(["len", "str", "repr", "bool", "list", "tuple", "sorted", "set", "dict", "iter", "isinstance"]);
/** Where a member read as the operand changes it: `del cart.lines[0]`, `counter.n++`, `delete cache.map[k]`. */
const WRITES = new Set(["delete_statement", "update_expression", "unary_expression"]);
const LOOPS = new Set(["for_statement", "while_statement", "for_in_statement", "do_statement", "list_comprehension", "generator_expression"]);

/**
 * The objects of `classes` the tests build with literal arguments, each with the methods the
 * test then calls on it with literal arguments, in the order written: `cart = Cart()` then
 * `cart.add("apple", 2)` in a pytest `test_*` function, `const cart = new Cart()` then
 * `cart.add("apple", 2)` in a node:test `test(...)`/`it(...)` callback, or `Cart().total()` in
 * one expression. The sequence ends where the test does something to the object the guard
 * cannot replay: a call with a computed argument, a call inside a loop, an attribute written,
 * the object passed to a function that is not a known reader (it might change it) or rebound.
 */
export async function testScenarios(language: LiteralLanguage, tests: readonly SourceFile[], classes: readonly string[]): Promise<TestScenario[]> {
  const wanted = new Set(classes);
  const scenarios: TestScenario[] = [];
  for (const file of tests) {
    const tree = await parseSource(language, file.content);
    try {
      for (const node of tree.rootNode.descendantsOfType(language === "python" ? "call" : "new_expression")) {
        if (!node) continue;
        const name = language === "python" ? calledName(node) : constructedName(node);
        if (!name || !wanted.has(name)) continue;
        const scenario = scenarioOf(node, name, file.path, language);
        if (scenario) scenarios.push(scenario);
      }
    } finally {
      tree.delete();
    }
  }
  return scenarios;
}

/** `new X(...)` or `new module.X(...)`: the class built. */
function constructedName(node: SyntaxNode): string | undefined {
  const constructor = node.childForFieldName("constructor");
  if (constructor?.type === "identifier") return constructor.text;
  if (constructor?.type === "member_expression" && constructor.childForFieldName("object")?.type === "identifier") return constructor.childForFieldName("property")?.text;
  return undefined;
}

function scenarioOf(construction: SyntaxNode, name: string, path: string, language: LiteralLanguage): TestScenario | undefined {
  const scope = testScope(construction, language);
  const test = scope && testOf(construction, path, language);
  if (!scope || !test || test.exact === "") return undefined;
  const built = construction.childForFieldName("arguments") ? literalCall(construction, name, language) : { name, args: [], kwargs: [] };
  if (!built || inLoop(construction, scope)) return undefined;
  const scenario: TestScenario = { ...built, steps: [], test: { exact: test.exact, prefixes: test.prefixes } };
  const parent = construction.parent;
  // `Cart().total()`: the one method called on the new object.
  if (parent && isMember(parent) && same(parent.childForFieldName("object"), construction)) {
    const step = methodCall(parent, language);
    if (step) scenario.steps.push(step);
    return scenario;
  }
  const variable = boundName(construction);
  if (!variable) return undefined;
  const references = scope
    .descendantsOfType("identifier")
    .filter((node): node is SyntaxNode => !!node && node.text === variable && node.startIndex >= construction.endIndex && !isName(node))
    .sort((a, b) => a.startIndex - b.startIndex);
  for (const reference of references) {
    if (inLoop(reference, scope)) break;
    const use = useOf(reference, language);
    if (use.kind === "stop") break;
    if (use.kind === "step") scenario.steps.push(use.step);
    if (scenario.steps.length >= MAX_STEPS) break;
  }
  return scenario;
}

type Use = { kind: "read" } | { kind: "stop" } | { kind: "step"; step: TestScenario["steps"][number] };

/** What a test does with the object at one mention of its name. */
function useOf(reference: SyntaxNode, language: LiteralLanguage): Use {
  const parent = reference.parent;
  if (!parent) return { kind: "stop" };
  if (isMember(parent) && same(parent.childForFieldName("object"), reference)) {
    const step = parent.parent && isCall(parent.parent) && same(parent.parent.childForFieldName("function"), parent) ? methodCall(parent, language) : undefined;
    if (step) return { kind: "step", step };
    // `cart.lines[0].qty` is a read; `cart.lines.append(x)`, `cart.total = 0` or a computed argument may change the object.
    let top = parent;
    while (top.parent && (isMember(top.parent) || top.parent.type === "subscript" || top.parent.type === "subscript_expression") && same(firstChild(top.parent), top)) top = top.parent;
    const written = top.parent && (WRITES.has(top.parent.type) || (isWrite(top.parent) && same(top.parent.childForFieldName("left"), top)));
    const called = top.parent && isCall(top.parent) && same(top.parent.childForFieldName("function"), top);
    return written || called ? { kind: "stop" } : { kind: "read" };
  }
  return isReader(reference, language) ? { kind: "read" } : { kind: "stop" };
}

/** `obj.method(...)` with literal arguments, as a step; undefined when an argument is computed. */
function methodCall(member: SyntaxNode, language: LiteralLanguage): TestScenario["steps"][number] | undefined {
  const call = member.parent;
  const method = member.childForFieldName(language === "python" ? "attribute" : "property")?.text;
  if (!call || !isCall(call) || !method) return undefined;
  const literal = literalCall(call, method, language);
  return literal && { method, args: literal.args, kwargs: literal.kwargs };
}

/** A bare mention that only reads the object: `len(stack)`, `stack == other`, an argument of node's `assert.*`. */
function isReader(reference: SyntaxNode, language: LiteralLanguage): boolean {
  const parent = reference.parent;
  if (!parent) return false;
  if (parent.type === "comparison_operator" || parent.type === "binary_expression" || parent.type === "assert_statement") return true;
  const call = parent.type === "argument_list" || parent.type === "arguments" ? parent.parent : undefined;
  const callee = call?.childForFieldName("function");
  if (!callee) return false;
  if (language === "python") return callee.type === "identifier" && PYTHON_READERS.has(callee.text);
  return callee.type === "member_expression" && callee.childForFieldName("object")?.text === "assert";
}

/** The name the new object is bound to: `cart = Cart()`, `const cart = new Cart()`. */
function boundName(construction: SyntaxNode): string | undefined {
  const parent = construction.parent;
  if (!parent) return undefined;
  const [target, value] =
    parent.type === "assignment" ? [parent.childForFieldName("left"), parent.childForFieldName("right")] : parent.type === "variable_declarator" ? [parent.childForFieldName("name"), parent.childForFieldName("value")] : [];
  return target?.type === "identifier" && same(value, construction) ? target.text : undefined;
}

/** The body the scenario lives in: a pytest `test*` function, or the callback of a node:test `test(...)`/`it(...)`. */
function testScope(node: SyntaxNode, language: LiteralLanguage): SyntaxNode | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (language === "python" && current.type === "function_definition") {
      return current.childForFieldName("name")?.text.startsWith("test") ? current : undefined;
    }
    if (language === "javascript" && (current.type === "arrow_function" || current.type === "function_expression" || current.type === "function")) {
      const call = current.parent?.type === "arguments" ? current.parent.parent : undefined;
      const callee = call?.childForFieldName("function");
      if (callee?.type === "identifier" && TEST_CALLS.has(callee.text)) return current;
    }
  }
  return undefined;
}

function inLoop(node: SyntaxNode, scope: SyntaxNode): boolean {
  for (let current = node.parent; current && !same(current, scope); current = current.parent) if (LOOPS.has(current.type)) return true;
  return false;
}

/** An identifier that names something other than a variable: an attribute after a dot, a keyword argument's name. */
function isName(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (parent?.type === "attribute") return same(parent.childForFieldName("attribute"), node);
  if (parent?.type === "keyword_argument") return same(parent.childForFieldName("name"), node);
  return false;
}

const isMember = (node: SyntaxNode) => node.type === "attribute" || node.type === "member_expression";
const isCall = (node: SyntaxNode) => node.type === "call" || node.type === "call_expression";
const isWrite = (node: SyntaxNode) => /^(assignment|augmented_assignment|assignment_expression|augmented_assignment_expression)$/.test(node.type);
const firstChild = (node: SyntaxNode) => node.namedChildren[0] ?? null;
const same = (a: SyntaxNode | null | undefined, b: SyntaxNode) => !!a && a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.type === b.type;
