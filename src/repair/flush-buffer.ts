import { enclosingFunction } from "./enclosing-function.js";
import type { OperatorTable } from "./operator-tables.js";
import type { MutationSink } from "./mutation-sink.js";
import type { SyntaxNode } from "./syntax-tree.js";

/** Method calls that hand a finished buffer to the collection the function returns. */
const HAND_OVER = new Set(["push", "append", "add", "unshift", "appendleft"]);

/**
 * The last buffer never flushed: a loop that builds a chunk in a variable (`line`, `current`,
 * `word`) and hands it to a collection when the next one starts (`lines.push(line); line =
 * word;`) leaves the last chunk behind when the loop ends. The classic slip of word wrapping,
 * run-length encoding, splitting and grouping. After the loop, the hand-over is repeated, plain
 * (`lines.push(line)`) and guarded by the buffer's being non-empty (`if (line) lines.push(line)`,
 * `if line:` in Python), since the loop may never have started a chunk.
 *
 * A buffer is a variable the loop assigns (so it holds a chunk in progress, not the loop's element)
 * and the function bound before the loop (so it is still in scope after it).
 */
export function flushBufferAfterLoop(loop: SyntaxNode, table: OperatorTable, out: MutationSink, indentUnit: string): void {
  const body = loop.childForFieldName("body");
  const fn = enclosingFunction(loop, table);
  if (!body || !fn) return;
  const source = out.source;
  const indent = source.slice(source.lastIndexOf("\n", loop.startIndex - 1) + 1, loop.startIndex);
  if (!/^\s*$/.test(indent)) return;
  const element = loop.childForFieldName("left")?.text;
  const assigned = assignedNames(body, table);
  const flushes = new Map<string, { receiver: string; method: string; buffer: string }>();
  visitOutsideFunctions(body, table, (node) => {
    if (node.type !== "expression_statement") return;
    const call = node.namedChildren[0];
    if (!call || call.type !== table.callType) return;
    const callee = call.childForFieldName(table.calleeField);
    if (callee?.type !== table.memberType) return;
    const receiver = callee.childForFieldName(table.memberObjectField);
    const method = callee.childForFieldName(table.memberPropertyField)?.text ?? "";
    const args = call.childForFieldName(table.argumentsField)?.namedChildren.filter((arg) => arg !== null && arg.type !== "comment") ?? [];
    const buffer = args.length === 1 ? args[0] : undefined;
    if (receiver?.type !== table.identifierType || !HAND_OVER.has(method) || buffer?.type !== table.identifierType) return;
    if (buffer.text === element || buffer.text === receiver.text || !assigned.has(buffer.text)) return;
    if (!boundBefore(buffer.text, fn, loop, table)) return;
    const key = `${receiver.text}.${method}(${buffer.text})`;
    if (!flushes.has(key)) flushes.set(key, { receiver: receiver.text, method, buffer: buffer.text });
  });
  const python = table.blockType === "block";
  let next = loop.nextNamedSibling;
  while (next?.type === "comment") next = next.nextNamedSibling;
  // Already flushed right after the loop: nothing is missing.
  if (next && [...flushes.keys()].some((key) => next!.text.replace(/\s+/g, "").includes(key.replace(/\s+/g, "")))) return;
  [...flushes.values()].slice(0, 2).forEach(({ receiver, method, buffer }, index) => {
    const call = `${receiver}.${method}(${buffer})`;
    const statements = python
      ? [`if ${buffer}:\n${indent}${indentUnit}${call}`, call]
      : [`if (${buffer}) ${call};`, `${call};`];
    statements.forEach((statement, variant) => {
      const cost = 5.3 + index * 0.05 + variant * 0.02;
      // JavaScript: before the statement after the loop, whose line the tests ran (a closing brace
      // is no line of coverage); Python: after the loop's last line, which they ran.
      if (!python && next) out.replace(next.startIndex, next.startIndex, `${statement}\n${indent}`, "insert_statement", cost, "missing_tail");
      else out.replace(loop.endIndex, loop.endIndex, `\n${indent}${statement}`, "insert_statement", cost, "missing_tail");
    });
  });
}

function visitOutsideFunctions(node: SyntaxNode, table: OperatorTable, visit: (node: SyntaxNode) => void): void {
  visit(node);
  for (const child of node.namedChildren) if (child && !table.functionTypes.has(child.type)) visitOutsideFunctions(child, table, visit);
}

/** Names a plain assignment inside `node` gives a new value (`line = word`, not `line += word`). */
function assignedNames(node: SyntaxNode, table: OperatorTable): Set<string> {
  const names = new Set<string>();
  visitOutsideFunctions(node, table, (current) => {
    if (!table.assignmentTypes.has(current.type) || current.type === "variable_declarator") return;
    const left = current.childForFieldName("left");
    if (left?.type === table.identifierType) names.add(left.text);
  });
  return names;
}

/** Whether the function binds `name` before the loop: an assignment, a declaration or a parameter. */
function boundBefore(name: string, fn: SyntaxNode, loop: SyntaxNode, table: OperatorTable): boolean {
  let found = false;
  visitOutsideFunctions(fn, table, (current) => {
    if (found || current.startIndex >= loop.startIndex) return;
    const target =
      current.type === "variable_declarator" ? current.childForFieldName("name") : table.assignmentTypes.has(current.type) ? current.childForFieldName("left") : undefined;
    if (target?.type === table.identifierType && target.text === name) found = true;
  });
  if (found) return true;
  const parameters = fn.childForFieldName("parameters");
  return parameters !== null && parameters.namedChildren.some((parameter) => parameter?.text === name || parameter?.childForFieldName("name")?.text === name);
}
