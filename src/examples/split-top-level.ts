const OPENERS = "([{";
const CLOSERS = ")]}";

/**
 * The index of `needle` in `text` outside strings and brackets, or -1: where an example's
 * code ends and its expected value begins (`f(a == b) == true` splits at the second `==`).
 */
export function indexAtTopLevel(text: string, needle: string | RegExp): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'" || char === "`") quote = char;
    else if (OPENERS.includes(char)) depth++;
    else if (CLOSERS.includes(char)) depth--;
    else if (depth === 0 && matchesAt(text, i, needle)) return i;
  }
  return -1;
}

/** Whether the brackets of `text` close in order, outside strings: a whole expression, not a piece of one. */
export function bracketsBalance(text: string): boolean {
  const stack: string[] = [];
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'" || char === "`") quote = char;
    else if (OPENERS.includes(char)) stack.push(CLOSERS[OPENERS.indexOf(char)]);
    else if (CLOSERS.includes(char) && stack.pop() !== char) return false;
  }
  return stack.length === 0 && quote === undefined;
}

function matchesAt(text: string, index: number, needle: string | RegExp): boolean {
  if (typeof needle === "string") return text.startsWith(needle, index);
  const sticky = new RegExp(needle.source, needle.flags.includes("y") ? needle.flags : `${needle.flags}y`);
  sticky.lastIndex = index;
  return sticky.test(text);
}

/**
 * Whether `text` reads as one expression rather than an expression with prose after it:
 * outside strings, no word or closing bracket is followed by a space and another word or an
 * opening bracket (`3 (since 1 + 2)`, `a when a is larger`). `new X` and `not x` are allowed.
 */
export function isSingleExpression(text: string): boolean {
  const code = text.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, "0").replace(/\b(new|not|typeof|await)\s+/g, "$1_");
  return !/[\w$)\]}]\s+[\w$([{]/.test(code);
}

/** The top-level elements of a list or tuple repr (`[1, [2, 3], 'a,b']`): split at the commas outside strings and brackets. */
export function topLevelElements(sequence: string): string[] {
  const elements: string[] = [];
  let rest = sequence.slice(1, -1);
  for (let comma = indexAtTopLevel(rest, ","); comma >= 0; comma = indexAtTopLevel(rest, ",")) {
    elements.push(rest.slice(0, comma).trim());
    rest = rest.slice(comma + 1);
  }
  if (rest.trim() !== "") elements.push(rest.trim());
  return elements;
}
