import type { SourceFile } from "../shared/task.js";
import type { NamedExample } from "./named-example.js";

/** The file the Python examples run from, as pytest sees it. */
export const PYTHON_EXAMPLES_FILE = "test_mend_examples.py";

const STRINGS = /[rRbBuUfF]{0,2}(?:"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')/g;
const LITERAL_REST = /^[\s\d.,:+\-eEjJ()[\]{}]*$/;

/** The pytest function name of an example: where it is written (`test_median_py_line_5`). */
export function pythonTestName(file: string, line: number): string {
  return `test_${file.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "")}_line_${line}`;
}

/**
 * A pytest file with one test per example, importing the program as the examples use it
 * (`from median import *`). A value is compared with `==` when it is written as a literal
 * (so pytest shows expected and actual), else by its repr, as doctest compares.
 */
export function pythonExampleTests(examples: readonly NamedExample[], entry: string): SourceFile {
  const module = entry.replace(/\.py$/, "").split("/").join(".");
  const lines = [
    '"""Examples from the requirement and the docstrings, run as tests (written by mendloop)."""',
    "import pytest  # noqa: F401",
    `from ${module} import *  # noqa: F401,F403`,
  ];
  for (const example of examples) lines.push("", "", ...pythonTest(example));
  return { path: PYTHON_EXAMPLES_FILE, content: `${lines.join("\n")}\n` };
}

function pythonTest(example: NamedExample): string[] {
  const { expected } = example;
  const name = example.name.split("::").at(-1) ?? example.name;
  const body = [`# ${example.file}:${example.line}: >>> ${example.code.split("\n")[0]}`];
  for (const statement of example.setup) body.push(...statement.split("\n"));
  if (expected.kind === "raises") {
    body.push("with pytest.raises(Exception) as raised:", ...indent(example.code.split("\n")));
    body.push(`assert type(raised.value).__name__ == ${JSON.stringify(expected.error)}`);
  } else if (expected.kind === "output") {
    body.push(...example.code.split("\n"), `assert capsys.readouterr().out == ${JSON.stringify(`${expected.text}\n`)}`);
  } else if (isLiteral(expected.text)) {
    body.push(`assert ${grouped(example.code)} == ${expected.text}`);
  } else {
    body.push(`assert repr(${example.code}) == ${JSON.stringify(expected.text)}`);
  }
  return [`def ${name}(${expected.kind === "output" ? "capsys" : ""}):`, ...indent(body)];
}

/** Whether a doctest's expected output reads back as the same value: numbers, strings, containers of them, True/False/None. */
function isLiteral(text: string): boolean {
  const rest = text.replace(STRINGS, "0").replace(/\b(?:True|False|None)\b/g, "0");
  return rest.trim() !== "" && LITERAL_REST.test(rest);
}

/** A multi-line expression in parentheses, so that it stays one expression inside `assert`. */
function grouped(code: string): string {
  return code.includes("\n") ? `(${code})` : code;
}

function indent(lines: string[]): string[] {
  return lines.map((line) => (line ? `    ${line}` : line));
}
