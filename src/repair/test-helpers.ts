import type { SourceFile } from "../shared/task.js";
import type { SyntaxNode, SyntaxTree } from "./syntax-tree.js";

/**
 * The lines of the program's functions that the failing tests trust: a test named for one
 * function (`test_decode`) that itself calls another function of the program (`encode(text)`
 * to build its input, `poly(xs, root)` to check a root) uses that other function as part of
 * its specification. A patch there passes by changing what the test checks (an encoder that
 * no longer encodes makes any decoder pass a round trip), not the behaviour under test, so its
 * lines are no place for the fault, as test files are not. A function that some failing test is
 * named for is never trusted so: the tests then say it is under test itself. Python tests only
 * (pytest ids `file::test_name`); empty when no failing test names a function of the program.
 */
export function trustedHelperLines(tree: SyntaxTree, tests: readonly SourceFile[], failing: readonly string[]): Set<number> {
  const functions = topLevelFunctions(tree.rootNode);
  const names = failing.map(testFunctionName).filter((name): name is string => name !== undefined);
  const subjects = new Set([...functions.keys()].filter((fn) => names.some((name) => namesFunction(name, fn))));
  const lines = new Set<number>();
  if (subjects.size === 0) return lines;
  const testCode = reachedCode(tests.map((file) => file.content).join("\n"), names);
  for (const [fn, node] of functions) {
    if (subjects.has(fn) || !callsByName(testCode, fn)) continue;
    for (let line = node.startPosition.row + 1; line <= node.endPosition.row + 1; line++) lines.add(line);
  }
  return lines;
}

/**
 * The code the failing tests run: their own bodies and, through calls by name, the bodies of
 * the test file's other functions they use (HumanEval's `check`), plus the file's top-level
 * code; the whole file when a test's definition is not found. Functions are told apart by
 * indentation (a `def` line and the more indented lines after it).
 */
function reachedCode(code: string, testNames: readonly string[]): string {
  const lines = code.split("\n");
  const bodies = new Map<string, string[]>();
  const outside: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const header = /^(\s*)(?:async\s+)?def\s+(\w+)\s*\(/.exec(lines[i]);
    if (!header) {
      if (!/^\s/.test(lines[i])) outside.push(lines[i]);
      continue;
    }
    const indent = header[1].length;
    let end = i + 1;
    while (end < lines.length && (lines[end].trim() === "" || lines[end].search(/\S/) > indent)) end++;
    bodies.set(header[2], [...(bodies.get(header[2]) ?? []), ...lines.slice(i, end)]);
    // A top-level function's body is its own; a test class's methods are each found as the scan goes on.
    if (indent === 0) i = end - 1;
  }
  if (testNames.some((name) => !bodies.has(name))) return code;
  const reached = new Set<string>();
  const visit = (name: string) => {
    if (reached.has(name)) return;
    reached.add(name);
    const body = (bodies.get(name) ?? []).join("\n");
    for (const other of bodies.keys()) if (callsByName(body, other)) visit(other);
  };
  testNames.forEach(visit);
  return [...outside, ...[...reached].flatMap((name) => bodies.get(name) ?? [])].join("\n");
}

/** `file.py::TestCase::test_name[param]::assert@line 7` -> `test_name`. */
function testFunctionName(id: string): string | undefined {
  const parts = id.split("::").filter((part) => !part.startsWith("assert@"));
  const last = parts[parts.length - 1]?.replace(/\[.*$/, "");
  return parts.length > 1 && last ? last : undefined;
}

/** `test_decode_cyclic` and `test_decode_cyclic_empty` are named for `decode_cyclic`; `test_encode_decode` for neither alone. */
function namesFunction(testName: string, fn: string): boolean {
  return testName.toLowerCase() === `test_${fn.toLowerCase()}` || testName.toLowerCase().startsWith(`test_${fn.toLowerCase()}_`);
}

function callsByName(code: string, fn: string): boolean {
  const escaped = fn.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.]|def )${escaped}\\s*\\(`).test(code);
}

function topLevelFunctions(root: SyntaxNode): Map<string, SyntaxNode> {
  const found = new Map<string, SyntaxNode>();
  for (const child of root.namedChildren) {
    const definition = child?.type === "decorated_definition" ? child.childForFieldName("definition") : child;
    if (definition?.type !== "function_definition") continue;
    const name = definition.childForFieldName("name")?.text;
    if (name) found.set(name, child ?? definition);
  }
  return found;
}
