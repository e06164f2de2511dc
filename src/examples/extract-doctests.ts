import type { Example, ExampleOrigin, ExpectedOutcome } from "./example.js";

const PROMPT = /^(\s*)>>>(?: (.*))?$/;
const DOCSTRING_QUOTES = /"""|'''/;
const TRACEBACK = /^Traceback \(most recent call last\):/;
const EXCEPTION_LINE = /^([A-Za-z_][\w.]*)(?::|$)/;
// Doctest directives whose meaning a plain comparison would not keep.
const UNSUPPORTED_DIRECTIVE = /#\s*doctest:.*(?:\+SKIP|\+ELLIPSIS|\+IGNORE_EXCEPTION_DETAIL)/;
// Code whose doctest output is what it prints rather than a value.
const PRINTS = /^(?:print\s*\(|for\s|while\s|if\s|with\s|try\s*:)/;

/**
 * Python doctest examples (`>>> code`, `... ` continuations, then the expected output) in a
 * text: a requirement or a program's docstrings. Lines with no expected output are setup of
 * the examples after them in the same docstring, as doctest runs them.
 */
export function extractDoctests(text: string, file: string, origin: ExampleOrigin): Example[] {
  const lines = text.split(/\r?\n/);
  const examples: Example[] = [];
  let setup: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const prompt = PROMPT.exec(lines[i]);
    if (!prompt) {
      if (DOCSTRING_QUOTES.test(lines[i])) setup = [];
      i++;
      continue;
    }
    const indent = prompt[1];
    const start = i;
    const code = [stripDocstringEnd(prompt[2] ?? "")];
    i++;
    const continuation = new RegExp(`^${escapeRegExp(indent)}\\.\\.\\.(?: (.*))?$`);
    for (let more = continuation.exec(lines[i] ?? ""); more && i < lines.length; more = continuation.exec(lines[i] ?? "")) {
      code.push(more[1] ?? "");
      i++;
    }
    const output: string[] = [];
    let closed = false;
    while (i < lines.length && !closed) {
      const line = lines[i];
      if (line.trim() === "" || PROMPT.test(line)) break;
      const quotes = DOCSTRING_QUOTES.exec(line);
      const content = quotes ? line.slice(0, quotes.index) : line;
      closed = quotes !== null;
      if (content.trim() !== "") output.push(content.startsWith(indent) ? content.slice(indent.length) : content.trimStart());
      i++;
    }
    const source = code.join("\n").replace(/\s+$/, "");
    if (source.trim() === "" || UNSUPPORTED_DIRECTIVE.test(source)) continue;
    if (output.length === 0) {
      setup.push(source);
    } else {
      examples.push({ origin, file, line: start + 1, setup: [...setup], code: source, expected: expectation(source, output) });
    }
    if (closed) setup = [];
  }
  return examples;
}

function expectation(code: string, output: string[]): ExpectedOutcome {
  const lines = output.map((line) => (line === "<BLANKLINE>" ? "" : line));
  if (TRACEBACK.test(lines[0])) {
    const last = lines.at(-1) ?? "";
    const name = EXCEPTION_LINE.exec(last)?.[1] ?? "Exception";
    return { kind: "raises", error: name.split(".").at(-1) ?? name };
  }
  if (PRINTS.test(code)) return { kind: "output", text: lines.join("\n") };
  return { kind: "value", text: lines.join("\n") };
}

/** The code of a one-line docstring example may end the docstring: `>>> f(1)"""` is not doctest's, but seen. */
function stripDocstringEnd(code: string): string {
  const quotes = DOCSTRING_QUOTES.exec(code);
  return quotes ? code.slice(0, quotes.index) : code;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
