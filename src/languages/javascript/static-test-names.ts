import ts from "typescript";

const TEST_FUNCTIONS = new Set(["test", "it"]);

/**
 * The names of the tests a node:test file declares with a literal name (`test("odd", ...)`,
 * `it("odd", ...)`), read from the syntax tree without running the file. Suites are not
 * included: a name pattern that matches a test runs it inside its suites.
 */
export function staticTestNames(path: string, content: string): string[] {
  const sourceFile = ts.createSourceFile(path, content, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && TEST_FUNCTIONS.has(node.expression.text)) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first) && !names.includes(first.text)) names.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}
