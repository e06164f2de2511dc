import type { Language } from "../shared/language.js";

const CLOSER: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

/**
 * Whether code ends as if cut off mid-way (a reply stopped by the output token limit):
 * brackets still open, a multi-line string or comment still open, a last line ending in an
 * operator, or (Python) a block header with no body. Strings and comments are skipped so that brackets inside them do not count;
 * closers without an opener are tolerated (that is a bug, not a cut).
 */
export function isTruncatedCode(code: string, language: Language): boolean {
  const text = code.replace(/\s+$/, "");
  if (text === "") return false;
  const open = language === "python" ? scanPython(text) : scanJavaScript(text);
  if (open) return true;
  const comment = language === "python" ? "#" : "//";
  const last = (text.split("\n").filter((line) => line.trim() !== "" && !line.trim().startsWith(comment)).pop() ?? "").trimEnd();
  if (last.includes(comment)) return false;
  if (danglingOperator(last, language)) return true;
  return language === "python" && (/:$/.test(last) || /\\$/.test(last) || /\b(and|or|not|in|is|lambda)$/.test(last));
}

/**
 * A last line ending in an operator still waiting for its operand (`total = `, `a +`).
 * Endings that are complete are kept apart: `...` (Python's Ellipsis), `i++`, the end of a block
 * comment, a JavaScript regex literal, and `<`/`>` (generics and JSX close that way).
 */
function danglingOperator(line: string, language: Language): boolean {
  if (/(\.\.\.|\+\+|--|\*\/)$/.test(line)) return false;
  // In JavaScript a final `/` more often closes a regex literal than waits for a divisor; in
  // Python `x = 1,` is a whole tuple. A final `.` is left out: prose ends that way too.
  return language === "python" ? /[=+\-*/%&|^~]$/.test(line) : /[=+\-*%&|^~,]$/.test(line);
}

function scanPython(text: string): boolean {
  const stack: string[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === "#") {
      i = lineEnd(text, i);
      continue;
    }
    if (char === '"' || char === "'") {
      const triple = text.startsWith(char.repeat(3), i);
      const quote = triple ? char.repeat(3) : char;
      let j = i + quote.length;
      let closed = false;
      while (j < text.length) {
        if (text[j] === "\\") {
          j += 2;
          continue;
        }
        if (text.startsWith(quote, j)) {
          closed = true;
          j += quote.length;
          break;
        }
        // A one-line string ends at the line end even when unterminated (a syntax error, not a cut).
        if (!triple && text[j] === "\n") break;
        j++;
      }
      if (!closed && (triple || j >= text.length)) return true;
      i = j;
      continue;
    }
    i = bracket(stack, char, i);
  }
  return stack.length > 0;
}

function scanJavaScript(text: string): boolean {
  // `tpl` on the stack marks a `${` inside a template literal: its `}` resumes the template.
  const stack: string[] = [];
  let i = 0;
  let lastSignificant = "";
  const resumeTemplate = (from: number): number | undefined => {
    let j = from;
    while (j < text.length) {
      if (text[j] === "\\") {
        j += 2;
        continue;
      }
      if (text[j] === "`") return j + 1;
      if (text.startsWith("${", j)) {
        stack.push("tpl");
        return j + 2;
      }
      j++;
    }
    return undefined;
  };
  while (i < text.length) {
    const char = text[i];
    if (text.startsWith("//", i)) {
      i = lineEnd(text, i);
      continue;
    }
    if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      if (end === -1) return true;
      i = end + 2;
      continue;
    }
    if (char === "`") {
      const next = resumeTemplate(i + 1);
      if (next === undefined) return true;
      i = next;
      lastSignificant = "`";
      continue;
    }
    if (char === "}" && stack[stack.length - 1] === "tpl") {
      stack.pop();
      const next = resumeTemplate(i + 1);
      if (next === undefined) return true;
      i = next;
      lastSignificant = "`";
      continue;
    }
    if (char === '"' || char === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== char && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      if (j >= text.length) return true;
      i = j + 1;
      lastSignificant = char;
      continue;
    }
    if (char === "/" && startsRegex(lastSignificant, text.slice(0, i))) {
      i = skipRegex(text, i);
      lastSignificant = "/";
      continue;
    }
    if (!/\s/.test(char)) lastSignificant = char;
    i = bracket(stack, char, i);
  }
  return stack.length > 0;
}

/** A `/` starts a regex literal after an operator or an opening bracket, not after a value. */
function startsRegex(lastSignificant: string, before: string): boolean {
  if (lastSignificant === "" || /[(,=:[!&|?{};+\-*%<>~^]/.test(lastSignificant)) return true;
  return /\b(return|typeof|case|do|else|in|of|yield|await|void|delete|throw)\s*$/.test(before);
}

function skipRegex(text: string, start: number): number {
  let j = start + 1;
  let inClass = false;
  while (j < text.length && text[j] !== "\n") {
    if (text[j] === "\\") {
      j += 2;
      continue;
    }
    if (text[j] === "[") inClass = true;
    else if (text[j] === "]") inClass = false;
    else if (text[j] === "/" && !inClass) return j + 1;
    j++;
  }
  // Not a regex after all (a division across lines is impossible here): treat `/` as one char.
  return start + 1;
}

function bracket(stack: string[], char: string, i: number): number {
  if (char in CLOSER) stack.push(char);
  else if (char === ")" || char === "]" || char === "}") {
    const top = stack[stack.length - 1];
    if (top !== undefined && CLOSER[top] === char) stack.pop();
  }
  return i + 1;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf("\n", from);
  return end === -1 ? text.length : end;
}
