import { hasSyntaxError, parseSource, type SyntaxNode } from "../repair/syntax-tree.js";
import type { DroppedGeneratedTest, GeneratedSuite, GeneratedTest } from "./generated-suite.js";

/** What a model's pytest file holds: a preamble and the tests that parse, and the tests that do not. */
export interface SplitTests {
  suite: GeneratedSuite;
  dropped: DroppedGeneratedTest[];
}

/**
 * Takes a pytest file apart at its top level: each `test_*` function (with its decorators) and
 * each `Test*` class is one test; everything else (imports, helpers, constants) is the preamble
 * every test keeps. A test that does not parse is dropped on its own, so one broken test does
 * not cost the others; a preamble that does not parse leaves no tests.
 */
export async function splitPythonTests(code: string): Promise<SplitTests> {
  const tree = await parseSource("python", code);
  try {
    const preamble: string[] = [];
    const tests: GeneratedTest[] = [];
    const dropped: DroppedGeneratedTest[] = [];
    let preambleBroken = false;
    for (const node of tree.rootNode.children) {
      if (!node) continue;
      const name = testName(node);
      const source = code.slice(lineStart(code, node.startIndex), node.endIndex);
      if (name === undefined) {
        if (node.hasError || node.type === "ERROR") preambleBroken = true;
        preamble.push(source);
      } else if (node.hasError) {
        dropped.push({ name, why: "does not parse (a syntax error in the test)" });
      } else if (tests.some((test) => test.name === name) || dropped.some((test) => test.name === name)) {
        dropped.push({ name, why: "a second test of the same name (pytest would run only the last)" });
      } else {
        tests.push({ name, source });
      }
    }
    if (preambleBroken || (tests.length === 0 && hasSyntaxError(tree))) {
      const names = [...tests.map((test) => test.name), ...dropped.map((test) => test.name)];
      const why = "does not parse (a syntax error outside the tests, in imports or helpers)";
      return { suite: { preamble: "", tests: [] }, dropped: names.length > 0 ? names.map((name) => ({ name, why })) : [{ name: "(the test file)", why }] };
    }
    return { suite: { preamble: preamble.join("\n\n"), tests }, dropped };
  } finally {
    tree.delete();
  }
}

function testName(node: SyntaxNode): string | undefined {
  const definition = node.type === "decorated_definition" ? node.childForFieldName("definition") : node;
  if (!definition) return undefined;
  const name = definition.childForFieldName("name")?.text;
  if (definition.type === "function_definition" && name?.startsWith("test")) return name;
  if (definition.type === "class_definition" && name?.startsWith("Test")) return name;
  return undefined;
}

function lineStart(code: string, index: number): number {
  return code.lastIndexOf("\n", index - 1) + 1;
}
