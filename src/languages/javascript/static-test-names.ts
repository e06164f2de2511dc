import type * as ts from "typescript";
import { typescript } from "../../shared/typescript-compiler.js";

const TEST_FUNCTIONS = new Set(["test", "it"]);

/**
 * The names of the tests a node:test file declares with a literal name (`test("odd", ...)`,
 * `it("odd", ...)`), read from the syntax tree without running the file. Suites are not
 * included: a name pattern that matches a test runs it inside its suites.
 */
export function staticTestNames(path: string, content: string): string[] {
  const sourceFile = typescript().createSourceFile(path, content, typescript().ScriptTarget.Latest, true);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (typescript().isCallExpression(node) && typescript().isIdentifier(node.expression) && TEST_FUNCTIONS.has(node.expression.text)) {
      const [first] = node.arguments;
      if (first && typescript().isStringLiteralLike(first) && !names.includes(first.text)) names.push(first.text);
    }
    typescript().forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}
