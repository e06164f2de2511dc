import { parseSource, type SyntaxNode } from "./syntax-tree.js";

/**
 * The global the wrapped asserts report to: runtime/node/repair-asserts.mjs installs it in the
 * repair runner's node:test process and in its stand-in's worker threads. Where it is missing
 * (a run without the recorder), a wrapped assert behaves exactly as written.
 */
const RECORDER = "globalThis.__mendAssert";

/**
 * A JavaScript test file with each `assert` statement wrapped so that, while the repair runner
 * records a test (runtime/node/repair-asserts.mjs), the assert is recorded as passed or failed
 * under its line and a failed one does not end the test: the JavaScript side of each assert a
 * result of its own (runtime/python/mend_assertions.py says why: HumanEval-style suites check
 * everything in one test).
 *
 * Wrapped are the expression statements calling `assert(...)` or `assert.NAME(...)` (any member
 * chain on `assert`: `assert.strict.equal`), whether in a test's callback or in a helper it
 * calls, except those that await or yield (their failure may come after other asserts began)
 * and those inside a `try` block with a `catch` (the test may expect the failure). The wrapper
 * sits on the statement's first and last line, so every line keeps its number. The file then
 * ends with a call naming its guarded lines (those `try` blocks): the recorder continues past an
 * assert only when none of its callers up to the test runner is at such a line or outside a
 * test file (a program calling back, `assert.throws`). A file that does not parse is unchanged.
 */
export async function wrapTestAsserts(path: string, source: string): Promise<string> {
  const tree = await parseSource("javascript", source);
  try {
    if (tree.rootNode.hasError) return source;
    const statements: SyntaxNode[] = [];
    const guarded: [number, number][] = [];
    const visit = (node: SyntaxNode) => {
      if (node.type === "try_statement" && node.childForFieldName("handler")) {
        const body = node.childForFieldName("body");
        if (body) guarded.push([body.startPosition.row + 1, body.endPosition.row + 1]);
      }
      if (isAssertStatement(node) && !awaits(node) && !insideGuard(node)) {
        statements.push(node);
        return;
      }
      for (const child of node.namedChildren) if (child) visit(child);
    };
    visit(tree.rootNode);
    let wrapped = "";
    let at = 0;
    for (const statement of statements) {
      const text = statement.text.endsWith(";") ? statement.text : `${statement.text};`;
      const line = statement.startPosition.row + 1;
      wrapped +=
        source.slice(at, statement.startIndex) +
        `try{${RECORDER}?.begin(${JSON.stringify(path)},${line});${text}${RECORDER}?.passed()}` +
        `catch(__mendError){if(!${RECORDER}?.failed(__mendError))throw __mendError}`;
      at = statement.endIndex;
    }
    wrapped += source.slice(at);
    return `${wrapped}${wrapped.endsWith("\n") ? "" : "\n"};${RECORDER}?.guard(${JSON.stringify(guarded)});\n`;
  } finally {
    tree.delete();
  }
}

const FUNCTIONS = /^(function|function_expression|function_declaration|generator_function|generator_function_declaration|arrow_function|method_definition)$/;

/** An expression statement calling `assert(...)` or `assert.NAME(...)` (any member chain on `assert`). */
export function isAssertStatement(statement: SyntaxNode): boolean {
  const node = statement.type === "expression_statement" ? statement.namedChildren[0] : undefined;
  if (node?.type !== "call_expression") return false;
  let callee = node.childForFieldName("function");
  while (callee?.type === "member_expression") callee = callee.childForFieldName("object");
  return callee?.type === "identifier" && callee.text === "assert";
}

/** Whether the statement awaits or yields outside a function of its own. */
function awaits(node: SyntaxNode): boolean {
  if (node.type === "await_expression" || node.type === "yield_expression") return true;
  if (FUNCTIONS.test(node.type)) return false;
  return node.namedChildren.some((child) => child !== null && awaits(child));
}

/** Whether the node is in the body of a `try` with a `catch`, within its own function. */
function insideGuard(node: SyntaxNode): boolean {
  for (let current = node; current.parent; current = current.parent) {
    const parent = current.parent;
    if (FUNCTIONS.test(parent.type)) return false;
    if (parent.type === "try_statement" && parent.childForFieldName("handler") && parent.childForFieldName("body")?.id === current.id) return true;
  }
  return false;
}
