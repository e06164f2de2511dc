import type * as ts from "typescript";
import { typescript } from "../../shared/typescript-compiler.js";

/** Modules whose default or namespace import is an assert function (`assert(x)`, `assert.equal`). */
const ASSERT_MODULES = new Set(["assert", "node:assert", "assert/strict", "node:assert/strict"]);
const TEST_RUNNER_CALLS = new Set(["test", "it", "describe", "suite"]);
const NAME_WIDTH = 60;

/**
 * A plain assert script as a node:test file, or undefined when the file is not one.
 *
 * HumanEval-style suites ship their tests as scripts: top-level `assert.deepEqual(f(1), 2)`,
 * `console.assert(...)`, or a function of such calls (`const testF = () => {...}; testF();`).
 * Run as they are, the first failing assertion kills the file, which reads as "the test file
 * is broken" rather than as a failing test. Here each top-level statement that asserts (or
 * calls a function of the file that does) becomes its own test, named by its line, and
 * `console.assert` throws inside those tests instead of printing. The edit keeps every line
 * where it was (the wrappers go on the statement's own lines), so stack traces and coverage
 * still point at the user's file. A file that uses node:test or declares no assertion is left
 * alone.
 */
export function assertScriptAsNodeTests(path: string, content: string): string | undefined {
  if (/(["'])node:test\1/.test(content)) return undefined;
  const source = typescript().createSourceFile(path, content, typescript().ScriptTarget.Latest, true, scriptKindOf(path));
  const statements = source.statements;
  if (statements.some(isTestRunnerCall)) return undefined;
  const assertNames = assertBindings(statements);
  const asserting = assertingFunctions(statements, assertNames);
  const cases = statements.filter((statement) => isCase(statement, assertNames, asserting));
  if (cases.length === 0) return undefined;

  const esm = statements.some(
    (statement) => typescript().isImportDeclaration(statement) || typescript().isExportDeclaration(statement) || typescript().isExportAssignment(statement),
  ) || !/\brequire\s*\(/.test(content);
  const prologue = statements.findIndex((statement) => !isDirective(statement));
  const insertAt = prologue === -1 ? content.length : statements[prologue].getStart(source);
  const edits: { at: number; text: string }[] = [{ at: insertAt, text: prelude(esm) }];
  for (const statement of cases) {
    const start = statement.getStart(source);
    const line = source.getLineAndCharacterOfPosition(start).line + 1;
    const text = content.slice(start, statement.end).replace(/\s+/g, " ").trim();
    const name = `line ${line}: ${text.length > NAME_WIDTH ? `${text.slice(0, NAME_WIDTH - 3)}...` : text}`;
    edits.push({ at: start, text: `__mendTest(${JSON.stringify(name)}, __mendCase(async () => { ` });
    edits.push({ at: statement.end, text: " }));" });
  }
  // Later positions first, so that earlier offsets stay valid; at one position the prelude goes first.
  let result = content;
  edits
    .map((edit, index) => ({ ...edit, index }))
    .sort((a, b) => b.at - a.at || b.index - a.index)
    .forEach((edit) => (result = result.slice(0, edit.at) + edit.text + result.slice(edit.at)));
  return result;
}

/** One line of setup: node:test's `test`, and a wrapper that makes `console.assert` throw while a case runs. */
function prelude(esm: boolean): string {
  const imports = esm
    ? `import { test as __mendTest } from "node:test"; import { AssertionError as __mendAssertionError } from "node:assert"; `
    : `const { test: __mendTest } = require("node:test"); const { AssertionError: __mendAssertionError } = require("node:assert"); `;
  return (
    imports +
    "const __mendCase = (fn) => async () => { const saved = console.assert; " +
    `console.assert = (value, ...message) => { if (!value) throw new __mendAssertionError({ message: message.length > 0 ? message.join(" ") : "console.assert failed" }); }; ` +
    "try { await fn(); } finally { console.assert = saved; } }; "
  );
}

function scriptKindOf(path: string): ts.ScriptKind {
  if (/\.[cm]?tsx$/.test(path)) return typescript().ScriptKind.TSX;
  if (/\.[cm]?ts$/.test(path)) return typescript().ScriptKind.TS;
  return typescript().ScriptKind.JS;
}

function isDirective(statement: ts.Statement): boolean {
  return typescript().isExpressionStatement(statement) && typescript().isStringLiteral(statement.expression);
}

function calleeRoot(expression: ts.Expression): string | undefined {
  let current = expression;
  while (typescript().isPropertyAccessExpression(current) || typescript().isCallExpression(current) || typescript().isElementAccessExpression(current)) {
    current = current.expression;
  }
  return typescript().isIdentifier(current) ? current.text : undefined;
}

function isTestRunnerCall(statement: ts.Statement): boolean {
  if (!typescript().isExpressionStatement(statement)) return false;
  let expression = statement.expression;
  if (typescript().isAwaitExpression(expression)) expression = expression.expression;
  return typescript().isCallExpression(expression) && TEST_RUNNER_CALLS.has(calleeRoot(expression.expression) ?? "");
}

/** Names bound to the assert module: `const assert = require("assert")`, `import assert from "node:assert"`. */
function assertBindings(statements: readonly ts.Statement[]): Set<string> {
  const names = new Set(["assert"]);
  for (const statement of statements) {
    if (typescript().isImportDeclaration(statement) && typescript().isStringLiteral(statement.moduleSpecifier) && ASSERT_MODULES.has(statement.moduleSpecifier.text)) {
      const clause = statement.importClause;
      if (clause?.name) names.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && typescript().isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings && typescript().isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
    }
    if (typescript().isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        const required =
          init && typescript().isCallExpression(init) && typescript().isIdentifier(init.expression) && init.expression.text === "require"
            ? init.arguments[0]
            : init && typescript().isPropertyAccessExpression(init) && typescript().isCallExpression(init.expression)
              ? init.expression.arguments[0]
              : undefined;
        if (!required || !typescript().isStringLiteral(required) || !ASSERT_MODULES.has(required.text)) continue;
        if (typescript().isIdentifier(declaration.name)) names.add(declaration.name.text);
        else if (typescript().isObjectBindingPattern(declaration.name)) {
          for (const element of declaration.name.elements) if (typescript().isIdentifier(element.name)) names.add(element.name.text);
        }
      }
    }
  }
  return names;
}

/** Whether `node` calls an assertion (`assert...(...)`, `console.assert(...)`) or one of `functions`. */
function callsAssertion(node: ts.Node, assertNames: ReadonlySet<string>, functions: ReadonlySet<string>): boolean {
  let found = false;
  const visit = (current: ts.Node): void => {
    if (found) return;
    if (typescript().isCallExpression(current)) {
      const callee = current.expression;
      const root = calleeRoot(callee);
      const isConsoleAssert = typescript().isPropertyAccessExpression(callee) && callee.name.text === "assert" && root === "console";
      if (isConsoleAssert || (root !== undefined && (assertNames.has(root) || (typescript().isIdentifier(callee) && functions.has(root))))) {
        found = true;
        return;
      }
    }
    typescript().forEachChild(current, visit);
  };
  visit(node);
  return found;
}

/** Top-level functions (declarations or `const f = () => ...`) that assert, directly or through each other. */
function assertingFunctions(statements: readonly ts.Statement[], assertNames: ReadonlySet<string>): Set<string> {
  const bodies = new Map<string, ts.Node>();
  for (const statement of statements) {
    if (typescript().isFunctionDeclaration(statement) && statement.name && statement.body) bodies.set(statement.name.text, statement.body);
    if (typescript().isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (typescript().isIdentifier(declaration.name) && init && (typescript().isArrowFunction(init) || typescript().isFunctionExpression(init))) {
          bodies.set(declaration.name.text, init.body);
        }
      }
    }
  }
  const asserting = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, body] of bodies) {
      if (!asserting.has(name) && callsAssertion(body, assertNames, asserting)) {
        asserting.add(name);
        changed = true;
      }
    }
  }
  return asserting;
}

/** A statement that runs assertions: a call, a loop or a block, but not a declaration. */
function isCase(statement: ts.Statement, assertNames: ReadonlySet<string>, asserting: ReadonlySet<string>): boolean {
  const runs =
    typescript().isExpressionStatement(statement) ||
    typescript().isIfStatement(statement) ||
    typescript().isForStatement(statement) ||
    typescript().isForOfStatement(statement) ||
    typescript().isForInStatement(statement) ||
    typescript().isWhileStatement(statement) ||
    typescript().isDoStatement(statement) ||
    typescript().isBlock(statement) ||
    typescript().isTryStatement(statement);
  return runs && callsAssertion(statement, assertNames, asserting);
}
