import type { Example, ExpectedOutcome } from "./example.js";
import { bracketsBalance, isSingleExpression } from "./split-top-level.js";

const FENCE = /^\s*(?:```|~~~)/;
// A call's start: a plain name (not a method or a module's function) and its opening bracket.
const CALL_START = /(?<![\w$.])([A-Za-z_][\w$]*)\s*\(/g;
// What joins a call to the value it gives in a sentence: "returns", "should be", "evaluates to", an
// arrow, or the language's own `==` ("Example: slugify('A B') == 'a-b'"), which needs no spaces.
const GIVES =
  /\s*,?\s*(?:(?:(?:should|must|will|would|shall)\s+)?(?:returns?|give[sn]?|be|is|equals?|evaluates?\s+to|yields?|->|→|=>)\s+|===?(?!=)\s*)/iy;
const RAISES = /\s*,?\s*(?:(?:should|must|will|would|shall)\s+)?(?:raises?|throws?)\s+(?:an?\s+)?`?([A-Z][\w$]*)`?/y;
// A value that stands alone: a number, a quoted string, a keyword literal.
const SCALAR = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w$])|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|(?:True|False|None|true|false|null|undefined)(?![\w$])/y;
// After the value the sentence ends or goes on with a clause that does not make the value conditional.
const VALUE_END = /(?:$|[.,;:!?)]|\s+(?:and|but|while|whereas|since|because|so)\b|\s+[—–-]\s)/y;
const WORDS_ALLOWED = new Set(["True", "False", "None", "true", "false", "null", "undefined", "NaN", "Infinity"]);
// Functions every program can call: an example of theirs says nothing about the program asked for.
const BUILTINS = new Set([
  ..."abs all any bin bool chr dict divmod enumerate filter float format hash hex int isinstance len list map max min oct ord pow print range repr reversed round set sorted str sum tuple type zip".split(" "),
  ..."parseInt parseFloat Number String Boolean Array Object BigInt Symbol Date isNaN isFinite encodeURIComponent decodeURIComponent require".split(" "),
]);

/**
 * Examples written inside a requirement's sentences: "median([3, 1, 2]) returns 2",
 * "`fib(10)` should be `55`", "parse('') raises ValueError". Only calls of a plain name on
 * literal arguments, with a literal value (or an exception class) right after the verb,
 * count: a call on free variables (`len(xs) is 0`), a builtin's call (`sorted([2, 1])`) or a
 * value the sentence makes conditional (`returns 1 if ...`) is not an example of the
 * program. Fenced code and doctest lines are left to the other extractors.
 */
export function extractProseExamples(text: string): Example[] {
  const examples: Example[] = [];
  let inFence = false;
  text.split(/\r?\n/).forEach((line, index) => {
    if (FENCE.test(line)) {
      inFence = !inFence;
      return;
    }
    if (inFence || line.trim().startsWith(">>>")) return;
    for (const match of line.matchAll(CALL_START)) {
      const start = match.index;
      const name = match[1];
      const close = closingBracket(line, start + match[0].length - 1);
      if (close < 0 || BUILTINS.has(name)) continue;
      const code = line.slice(start, close + 1);
      if (!literalOnly(code.slice(code.indexOf("(") + 1, -1), true)) continue;
      // A call written in backticks closes them before the verb, or after the value when the
      // whole example is code (`` `slugify('x') == 'x'` ``).
      let at = close + 1;
      const opened = line[start - 1] === "`";
      if (opened && line[at] === "`") at++;
      const expected = expectedAfter(line, at, opened && line[close + 1] !== "`");
      if (expected) examples.push({ origin: "requirement", file: "requirement", line: index + 1, setup: [], code, expected });
    }
  });
  return examples;
}

/** What the sentence says the call gives, read from `at`: a literal value or an exception raised. */
function expectedAfter(line: string, at: number, inCode: boolean): ExpectedOutcome | undefined {
  RAISES.lastIndex = at;
  const raised = RAISES.exec(line);
  if (raised && endsValue(line, RAISES.lastIndex)) return { kind: "raises", error: raised[1] };
  GIVES.lastIndex = at;
  if (!GIVES.exec(line)) return undefined;
  const value = valueAt(line, GIVES.lastIndex);
  if (!value) return undefined;
  const end = inCode && line[value.end] === "`" ? value.end + 1 : value.end;
  if (!endsValue(line, end)) return undefined;
  if (!bracketsBalance(value.text) || !isSingleExpression(value.text) || !literalOnly(value.text, false)) return undefined;
  return { kind: "value", text: value.text };
}

/** The value written at `at`: in backticks, a bracketed literal, or a scalar. */
function valueAt(line: string, at: number): { text: string; end: number } | undefined {
  if (line[at] === "`") {
    const end = line.indexOf("`", at + 1);
    return end > at + 1 ? { text: line.slice(at + 1, end).trim(), end: end + 1 } : undefined;
  }
  if ("([{".includes(line[at] ?? "")) {
    const end = closingBracket(line, at);
    return end < 0 ? undefined : { text: line.slice(at, end + 1), end: end + 1 };
  }
  SCALAR.lastIndex = at;
  const scalar = SCALAR.exec(line);
  return scalar ? { text: scalar[0], end: SCALAR.lastIndex } : undefined;
}

function endsValue(line: string, at: number): boolean {
  VALUE_END.lastIndex = at;
  return VALUE_END.test(line);
}

/**
 * Whether `text` is made of literals only: numbers, strings, brackets, operators and the
 * keyword literals; in arguments, also keyword arguments (`reverse=True`). Any other name
 * is a variable the example does not define.
 */
function literalOnly(text: string, argumentList: boolean): boolean {
  const rest = text
    .replace(/(["'])(?:\\.|(?!\1).)*\1/g, "0")
    .replace(/\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/g, "0")
    .replace(/[A-Za-z_$][\w$]*(\s*=(?!=))/g, argumentList ? "$1" : "$&")
    .replace(/[A-Za-z_$][\w$]*(\s*:)/g, "0$1");
  const words = rest.match(/[A-Za-z_$][\w$]*/g) ?? [];
  return words.every((word) => WORDS_ALLOWED.has(word));
}

/** The index of the bracket closing the one at `open`, outside strings, or -1. */
function closingBracket(text: string, open: number): number {
  const stack: string[] = [];
  let quote: string | undefined;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if ("([{".includes(char)) stack.push(")]}"["([{".indexOf(char)]);
    else if (")]}".includes(char)) {
      if (stack.pop() !== char) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}
