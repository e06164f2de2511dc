import type { SourceFile } from "../shared/task.js";
import { literalOf, neighboursOf, renderLiteral, type LiteralLanguage, type LiteralValue } from "./literal-value.js";
import { parseSource, type SyntaxNode } from "./syntax-tree.js";
import { isAssertStatement } from "./wrap-test-asserts.js";

/** A call of one of the program's functions, with literal arguments, written in a test file. */
export interface TestCall {
  /** The program's function called. */
  name: string;
  args: LiteralValue[];
  /** Python's keyword arguments, in the order written. */
  kwargs: [string, LiteralValue][];
  /** How the call's test is named in the runner's test ids; undefined when the call is in no test of its own (a helper). */
  test: TestMatcher | undefined;
}

/** Matches the runner's ids of one test: `file::name`, `file::name[param]`, `file::name#2`, or `file::line N: ...`. */
export interface TestMatcher {
  exact: string;
  /** Ids that start with one of these belong to the test too (parametrized cases, repeated names, assert-script lines). */
  prefixes: string[];
  /**
   * The assert statement the call is in. Where the runner split a test into its asserts
   * (`TEST::assert@line 7`, see runtime/python/mend_assertions.py and runtime/node/repair-asserts.mjs), the call belongs to that
   * assert's results alone among them, and, in a helper that asserts (`anywhere`), to that
   * assert's results in whichever test ran it.
   */
  assert?: { file: string; line: number; anywhere: boolean };
}

/**
 * An object a test builds from literal arguments and the methods it then calls on it with
 * literal arguments, in the order written (`cart = Cart()`, `cart.add("apple", 2)`...): the
 * sequence is one input, the object's state part of what it does.
 */
export interface TestScenario {
  /** The program's class; `args`/`kwargs` are the constructor's. */
  name: string;
  args: LiteralValue[];
  kwargs: [string, LiteralValue][];
  steps: { method: string; args: LiteralValue[]; kwargs: [string, LiteralValue][] }[];
  /** The test the whole sequence belongs to (not one of its asserts: the object lives across them). */
  test: TestMatcher | undefined;
}

/**
 * An input to run the original and a candidate on, its arguments as literals of the language
 * (Python: `([positional], {keywords})`; JavaScript: `[positional]`): a call of the program's
 * function, or an object of its class built and then sent method calls one after another.
 */
export type DerivedInput =
  | { kind: "call"; name: string; args: string }
  | { kind: "object"; name: string; args: string; steps: { method: string; args: string }[] };

const TEST_CALLS = new Set(["test", "it"]);
/** Enough inputs to see a change of behaviour, few enough that each candidate's run stays well under a second. */
export const MAX_DERIVED_INPUTS = 48;

/**
 * The inputs the overfitting guard runs programs on: the arguments of the passing tests' calls
 * of the program's functions and object scenarios, and their neighbours (one argument changed:
 * a number ±1, a collection or string emptied or cut to one element), minus every input the
 * failing tests touch (their own arguments and those arguments' neighbours: a fix is expected
 * to change behaviour there). A call the runner's ids do not place in a test counts as
 * failing, so a guess never marks an input safe.
 */
export function deriveInputs(
  calls: readonly (TestCall | TestScenario)[],
  failingIds: readonly string[],
  passingIds: readonly string[],
  language: LiteralLanguage,
): DerivedInput[] {
  const passes = (call: TestCall | TestScenario) =>
    call.test !== undefined && passingIds.some((id) => matches(call.test!, id)) && !failingIds.some((id) => matches(call.test!, id));
  const keyOf = (input: DerivedInput) => JSON.stringify(input);
  const touched = new Set<string>();
  const own: DerivedInput[] = [];
  const near: DerivedInput[] = [];
  for (const call of calls) {
    const variants = "steps" in call ? scenarioVariants(call, language) : [call.args, ...neighbourArgs(call.args)].map((args) => renderCall(call.name, args, call.kwargs, language));
    if (!passes(call)) {
      for (const input of variants) touched.add(keyOf(input));
      continue;
    }
    own.push(variants[0]);
    near.push(...variants.slice(1));
  }
  const seen = new Set<string>();
  const inputs: DerivedInput[] = [];
  for (const input of [...own, ...near]) {
    const key = keyOf(input);
    if (touched.has(key) || seen.has(key)) continue;
    seen.add(key);
    inputs.push(input);
    if (inputs.length >= MAX_DERIVED_INPUTS) break;
  }
  return inputs;
}

function matches(test: TestMatcher, id: string): boolean {
  const owned = (owner: string) => owner === test.exact || test.prefixes.some((prefix) => owner.startsWith(prefix));
  const result = assertResultOf(id);
  if (!result) return !test.assert?.anywhere && owned(id);
  const place = test.assert;
  if (place && (place.file !== result.file || place.line !== result.line)) return false;
  return place?.anywhere === true || owned(result.owner);
}

/** One assert's result of a test the runner split into its asserts: `TEST::assert@line 7`, `TEST::assert@helpers.py:7#2`. */
function assertResultOf(id: string): { owner: string; file: string; line: number } | undefined {
  const match = /^(.*)::assert@(?:line (\d+)|(.+):(\d+))(?:#\d+)?$/.exec(id);
  if (!match) return undefined;
  const owner = match[1];
  return match[2] !== undefined
    ? { owner, file: owner.slice(0, owner.indexOf("::")), line: Number(match[2]) }
    : { owner, file: match[3], line: Number(match[4]) };
}

/** The argument lists with one argument replaced by one of its neighbours. */
function neighbourArgs(args: LiteralValue[]): LiteralValue[][] {
  return args.flatMap((arg, index) => neighboursOf(arg).map((neighbour) => args.map((other, at) => (at === index ? neighbour : other))));
}

/** The scenario as written, then with one argument of one of its calls (the constructor's or a method's) replaced by a neighbour. */
function scenarioVariants(scenario: TestScenario, language: LiteralLanguage): DerivedInput[] {
  const calls = [{ args: scenario.args, kwargs: scenario.kwargs }, ...scenario.steps];
  const render = (argsOf: (index: number) => LiteralValue[]): DerivedInput => ({
    kind: "object",
    name: scenario.name,
    args: renderArgs(argsOf(0), scenario.kwargs, language),
    steps: scenario.steps.map((step, index) => ({ method: step.method, args: renderArgs(argsOf(index + 1), step.kwargs, language) })),
  });
  const variants = [render((index) => calls[index].args)];
  calls.forEach((call, changed) => {
    for (const args of neighbourArgs(call.args)) variants.push(render((index) => (index === changed ? args : calls[index].args)));
  });
  return variants;
}

function renderCall(name: string, args: LiteralValue[], kwargs: [string, LiteralValue][], language: LiteralLanguage): DerivedInput {
  return { kind: "call", name, args: renderArgs(args, kwargs, language) };
}

function renderArgs(args: LiteralValue[], kwargs: [string, LiteralValue][], language: LiteralLanguage): string {
  const positional = `[${args.map((arg) => renderLiteral(arg, language)).join(", ")}]`;
  if (language === "javascript") return positional;
  const keywords = `{${kwargs.map(([key, value]) => `${JSON.stringify(key)}: ${renderLiteral(value, language)}`).join(", ")}}`;
  return `(${positional}, ${keywords})`;
}

/** Names of the functions a program defines at its top level (exported or not). */
export function topLevelFunctions(language: LiteralLanguage, code: string): Promise<string[]> {
  return topLevelNames(language, code, /^(function_definition|function_declaration)$/, /^(arrow_function|function_expression|function)$/);
}

/** Names of the classes a program defines at its top level (exported, decorated, or a class expression bound to a name). */
export function topLevelClasses(language: LiteralLanguage, code: string): Promise<string[]> {
  return topLevelNames(language, code, /^(class_definition|class_declaration)$/, /^class$/);
}

/** Names of the top-level definitions whose node type `definition` matches, or bound to a value whose type `value` does. */
async function topLevelNames(language: LiteralLanguage, code: string, definition: RegExp, value: RegExp): Promise<string[]> {
  const tree = await parseSource(language, code);
  try {
    const names: string[] = [];
    for (const statement of tree.rootNode.namedChildren) {
      if (!statement) continue;
      const declaration = statement.type === "export_statement" || statement.type === "decorated_definition" ? statement.childForFieldName(statement.type === "export_statement" ? "declaration" : "definition") : statement;
      if (!declaration) continue;
      if (definition.test(declaration.type)) {
        const name = declaration.childForFieldName("name");
        if (name) names.push(name.text);
      }
      if (declaration.type === "lexical_declaration" || declaration.type === "variable_declaration") {
        for (const declarator of declaration.namedChildren) {
          const bound = declarator?.childForFieldName("value");
          const name = declarator?.childForFieldName("name");
          if (name?.type === "identifier" && bound && value.test(bound.type)) names.push(name.text);
        }
      }
    }
    return names;
  } finally {
    tree.delete();
  }
}

/**
 * The calls of `functions` with only literal arguments in the test files, each with the test
 * it belongs to: a Python `test_*` function (in a `Test*` class or not), a node:test
 * `test("name", ...)`/`it(...)`, or a top-level statement of an assert script.
 */
export async function testCalls(language: LiteralLanguage, tests: readonly SourceFile[], functions: readonly string[]): Promise<TestCall[]> {
  const wanted = new Set(functions);
  const calls: TestCall[] = [];
  for (const file of tests) {
    const tree = await parseSource(language, file.content);
    try {
      const callType = language === "python" ? "call" : "call_expression";
      for (const node of tree.rootNode.descendantsOfType(callType)) {
        if (!node) continue;
        const name = calledName(node);
        if (!name || !wanted.has(name)) continue;
        const call = literalCall(node, name, language);
        if (call) calls.push({ ...call, test: testOf(node, file.path, language) });
        else if (language === "python") calls.push(...parametrizedCalls(node, name, file.path));
      }
    } finally {
      tree.delete();
    }
  }
  return calls;
}

/** `f(...)` or `module.f(...)`: the name called. */
export function calledName(call: SyntaxNode): string | undefined {
  const callee = call.childForFieldName("function");
  if (!callee) return undefined;
  if (callee.type === "identifier") return callee.text;
  if (callee.type === "attribute" || callee.type === "member_expression") {
    const object = callee.childForFieldName("object");
    const property = callee.childForFieldName(callee.type === "attribute" ? "attribute" : "property");
    return object?.type === "identifier" ? property?.text : undefined;
  }
  return undefined;
}

/** The call's arguments when each is a literal (or a name `bound` gives a value), else undefined. */
export function literalCall(
  call: SyntaxNode,
  name: string,
  language: LiteralLanguage,
  bound: ReadonlyMap<string, LiteralValue> = new Map(),
): Omit<TestCall, "test"> | undefined {
  const valueOf = (node: SyntaxNode) => (node.type === "identifier" ? bound.get(node.text) : literalOf(node, language));
  const argumentList = call.childForFieldName("arguments");
  if (!argumentList) return undefined;
  const args: LiteralValue[] = [];
  const kwargs: [string, LiteralValue][] = [];
  for (const argument of argumentList.namedChildren) {
    if (!argument || argument.type === "comment") continue;
    if (argument.type === "keyword_argument") {
      const key = argument.childForFieldName("name");
      const valueNode = argument.childForFieldName("value");
      const value = valueNode ? valueOf(valueNode) : undefined;
      if (!key || !value) return undefined;
      kwargs.push([key.text, value]);
      continue;
    }
    const value = valueOf(argument);
    if (!value || kwargs.length > 0) return undefined;
    args.push(value);
  }
  return { name, args, kwargs };
}

/**
 * A call inside a test with one `@pytest.mark.parametrize("a, b", [(1, 2), ...])` whose
 * arguments are literals or the parameters: one call per row, each placed in its own test by
 * the id pytest gives the row (`test_f[1-2]`; a list or dict argument is named `a0`, `a1`...).
 */
function parametrizedCalls(call: SyntaxNode, name: string, path: string): TestCall[] {
  let definition: SyntaxNode | null = call.parent;
  while (definition && definition.type !== "function_definition") definition = definition.parent;
  const decorated = definition?.parent;
  const testName = definition?.childForFieldName("name")?.text;
  if (!decorated || decorated.type !== "decorated_definition" || !testName?.startsWith("test") || definition?.parent?.parent?.type !== "module") return [];
  const parametrize = decorated.namedChildren.filter((child) => child?.type === "decorator" && /^\s*@\s*(pytest\.)?mark\.parametrize\s*\(/.test(child.text));
  if (parametrize.length !== 1) return [];
  const args = parametrize[0]!.namedChildren[0]?.childForFieldName("arguments")?.namedChildren.filter((child) => child?.type !== "comment") ?? [];
  if (args.length !== 2 || !args[0] || !args[1]) return [];
  const names = literalOf(args[0], "python");
  const rows = literalOf(args[1], "python");
  if (names?.kind !== "string" || (rows?.kind !== "list" && rows?.kind !== "tuple")) return [];
  const argNames = names.value.split(",").map((part) => part.trim());
  const calls: TestCall[] = [];
  for (const row of rows.items) {
    const values = argNames.length === 1 ? [row] : row.kind === "tuple" || row.kind === "list" ? row.items : [];
    if (values.length !== argNames.length) return [];
    const rowCall = literalCall(call, name, "python", new Map(argNames.map((argName, index) => [argName, values[index]])));
    if (!rowCall) return [];
    calls.push({ ...rowCall, test: { exact: `${path}::${testName}[${values.map((value, index) => pytestIdPart(value, argNames[index], calls.length)).join("-")}]`, prefixes: [] } });
  }
  return calls;
}

/** The part of a parametrized test's id pytest makes from one value (its `_idval`). */
function pytestIdPart(value: LiteralValue, argName: string, row: number): string {
  switch (value.kind) {
    case "int":
      return value.digits.toString();
    case "float":
      return renderLiteral(value, "python");
    case "bool":
      return value.value ? "True" : "False";
    case "none":
      return "None";
    case "string":
      return value.value;
    default:
      return `${argName}${row}`;
  }
}

/** The test a node of a test file belongs to, as the runner's ids name it; undefined when it is in none. */
export function testOf(call: SyntaxNode, path: string, language: LiteralLanguage): TestMatcher | undefined {
  return language === "python" ? pythonTest(call, path) : javascriptTest(call, path);
}

function pythonTest(call: SyntaxNode, path: string): TestMatcher | undefined {
  let functionName: string | undefined;
  let className: string | undefined;
  let assertLine: number | undefined;
  let topLevel: SyntaxNode = call;
  for (let node = call.parent; node; node = node.parent) {
    if (node.type === "assert_statement" && functionName === undefined) assertLine = node.startPosition.row + 1;
    if (node.type === "function_definition" && functionName === undefined) functionName = node.childForFieldName("name")?.text ?? "";
    if (node.type === "class_definition" && className === undefined) className = node.childForFieldName("name")?.text;
    if (node.parent?.type === "module") topLevel = node;
  }
  if (functionName === undefined) return assertScriptLine(path, topLevel);
  const place = assertLine === undefined ? undefined : { file: path, line: assertLine };
  if (!functionName.startsWith("test")) return place && { exact: "", prefixes: [], assert: { ...place, anywhere: true } };
  const exact = className === undefined ? `${path}::${functionName}` : `${path}::${className}::${functionName}`;
  return { exact, prefixes: [`${exact}[`], ...(place && { assert: { ...place, anywhere: false } }) };
}

function javascriptTest(call: SyntaxNode, path: string): TestMatcher | undefined {
  let topLevel: SyntaxNode = call;
  let assertStatement: SyntaxNode | undefined;
  for (let node = call.parent; node; node = node.parent) {
    if (!assertStatement && isAssertStatement(node)) assertStatement = node;
    if (node.type === "call_expression") {
      const callee = node.childForFieldName("function");
      const title = node.childForFieldName("arguments")?.namedChildren[0];
      if (callee?.type === "identifier" && TEST_CALLS.has(callee.text) && title) {
        const name = literalOf(title, "javascript");
        if (name?.kind !== "string") return undefined;
        const exact = `${path}::${name.value}`;
        const place = assertStatement && { file: path, line: assertStatement.startPosition.row + 1, anywhere: false };
        return { exact, prefixes: [`${exact}#`], ...(place && { assert: place }) };
      }
    }
    if (node.parent?.type === "program") topLevel = node;
  }
  // An assert in a helper a test calls (HumanEval's `const testF = () => { assert... }`): that
  // assert's results in whichever test ran it. A top-level assert is an assert script's test.
  if (assertStatement && assertStatement !== topLevel) return { exact: "", prefixes: [], assert: { file: path, line: assertStatement.startPosition.row + 1, anywhere: true } };
  return assertScriptLine(path, topLevel);
}

/** A top-level statement of an assert script is a test named by its line (`file::line 4: ...`). */
function assertScriptLine(path: string, statement: SyntaxNode): TestMatcher {
  const prefix = `${path}::line ${statement.startPosition.row + 1}:`;
  return { exact: prefix, prefixes: [prefix] };
}
