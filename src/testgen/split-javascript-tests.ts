import type * as ts from "typescript";
import { typescript } from "../shared/typescript-compiler.js";
import { parseSource } from "../languages/javascript/parse-source.js";
import type { DroppedGeneratedTest, GeneratedTest } from "./generated-suite.js";
import type { SplitTests } from "./split-python-tests.js";

const TEST_CALLS = new Set(["test", "it", "describe", "suite"]);

/**
 * Takes a node:test file apart at its top level: each `test("name", ...)`, `it(...)` or
 * `describe(...)` call is one test, named as node:test reports it; everything else (imports,
 * helpers, constants) is the preamble every test keeps. A test holding a syntax error is
 * dropped on its own; a syntax error outside the tests leaves no tests.
 */
export function splitJavaScriptTests(code: string): SplitTests {
  const { sourceFile, problems } = parseSource("generated.test.mjs", code);
  const preamble: string[] = [];
  const tests: GeneratedTest[] = [];
  const dropped: DroppedGeneratedTest[] = [];
  const brokenAt = problems.map((problem) => sourceFile.getPositionOfLineAndCharacter(problem.location.line - 1, (problem.location.column ?? 1) - 1));
  let preambleBroken = false;
  for (const statement of sourceFile.statements) {
    const name = testName(statement);
    // From the statement's full start, so the comments above a test stay with it.
    const source = code.slice(statement.getFullStart(), statement.end).replace(/^(?:[ \t]*\r?\n)+/, "");
    const broken = brokenAt.some((at) => at >= statement.getFullStart() && at <= statement.end);
    if (name === undefined) {
      if (broken) preambleBroken = true;
      preamble.push(source);
    } else if (broken) {
      dropped.push({ name, why: "does not parse (a syntax error in the test)" });
    } else if (tests.some((test) => test.name === name) || dropped.some((test) => test.name === name)) {
      dropped.push({ name, why: "a second test of the same name (its failures could not be told apart)" });
    } else {
      tests.push({ name, source });
    }
  }
  if (preambleBroken || (tests.length === 0 && problems.length > 0)) {
    const names = [...tests.map((test) => test.name), ...dropped.map((test) => test.name)];
    const why = "does not parse (a syntax error outside the tests, in imports or helpers)";
    return { suite: { preamble: "", tests: [] }, dropped: names.length > 0 ? names.map((name) => ({ name, why })) : [{ name: "(the test file)", why }] };
  }
  return { suite: { preamble: preamble.join("\n\n"), tests }, dropped };
}

/** The title of a top-level `test("title", ...)` call (or `it`, `describe`, `test.only`...). */
function testName(statement: ts.Statement): string | undefined {
  if (!typescript().isExpressionStatement(statement)) return undefined;
  let call = statement.expression;
  if (typescript().isAwaitExpression(call)) call = call.expression;
  if (!typescript().isCallExpression(call)) return undefined;
  const callee = typescript().isPropertyAccessExpression(call.expression) ? call.expression.expression : call.expression;
  if (!typescript().isIdentifier(callee) || !TEST_CALLS.has(callee.text)) return undefined;
  const title = call.arguments[0];
  return title && typescript().isStringLiteralLike(title) ? title.text : undefined;
}
