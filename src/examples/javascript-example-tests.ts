import { transpiledName } from "../languages/typescript/transpiled-name.js";
import type { SourceFile } from "../shared/task.js";
import type { NamedExample } from "./named-example.js";

/** The file the JavaScript and TypeScript examples run from, under node:test. */
export const JAVASCRIPT_EXAMPLES_FILE = "mend-examples.test.mjs";

// Names an example may use without the program defining them.
const GLOBALS = new Set([
  "Array", "BigInt", "Boolean", "Date", "Error", "Infinity", "JSON", "Map", "Math", "NaN", "Number", "Object",
  "Promise", "RangeError", "RegExp", "Set", "String", "Symbol", "TypeError", "console", "isNaN", "parseFloat",
  "parseInt", "undefined", "structuredClone",
]);
const FIRST_NAMES = /(?:^|[^\w$.])(?:new\s+)?([A-Za-z_$][\w$]*)\s*\(/g;

/** The node:test name of an example: where it is written and what it runs. */
export function javascriptTestName(file: string, line: number, code: string): string {
  return `${file}:${line}: ${code}`;
}

/**
 * A node:test file with one test per example. The program may be an ES module or CommonJS
 * (`module.exports = { add }`, or a single exported function): the names the examples call
 * are taken from whichever it is.
 */
export function javascriptExampleTests(examples: readonly NamedExample[], entry: string): SourceFile {
  const names = [...new Set(examples.flatMap((example) => calledNames(example.code)))].sort();
  const lines = [
    "// Examples from the requirement and the JSDoc comments, run as tests (written by mendloop).",
    'import { test } from "node:test";',
    'import assert from "node:assert/strict";',
    `import * as program from ${JSON.stringify(`./${transpiledName(entry)}`)};`,
    "",
    "const exported = { ...(program.default !== null && typeof program.default === \"object\" ? program.default : {}), ...program };",
    'if (typeof program.default === "function" && program.default.name) exported[program.default.name] ??= program.default;',
    ...(names.length > 0 ? [`const { ${names.join(", ")} } = exported;`] : []),
  ];
  for (const example of examples) {
    lines.push("", `test(${JSON.stringify(example.name)}, async () => {`);
    lines.push(`  ${assertion(example)}`, "});");
  }
  return { path: JAVASCRIPT_EXAMPLES_FILE, content: `${lines.join("\n")}\n` };
}

function assertion(example: NamedExample): string {
  const { expected } = example;
  if (expected.kind === "raises") {
    return `await assert.rejects(async () => ${example.code}, (error) => error?.name === ${JSON.stringify(expected.error)} || error instanceof Error && error.constructor.name === ${JSON.stringify(expected.error)});`;
  }
  return `assert.deepStrictEqual(await (${example.code}), ${expected.text});`;
}

/** Names the examples call (or construct) that the program must provide. */
function calledNames(code: string): string[] {
  const names: string[] = [];
  for (const match of code.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""').matchAll(FIRST_NAMES)) {
    if (!GLOBALS.has(match[1])) names.push(match[1]);
  }
  return names;
}
