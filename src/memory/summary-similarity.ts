/**
 * Tokens of a summary compared, at most: a summary longer than this (a long repr, a traceback)
 * is compared by its start, which holds the failure's kind; the bound keeps a comparison's cost
 * at most this squared, whatever the texts.
 */
const MAX_TOKENS = 200;

/**
 * How alike two diagnosis summaries are, 0 to 1: twice the longest common subsequence of their
 * tokens (words, numbers, punctuation) over both counts, the ratio Python's difflib reports for
 * characters, on tokens. Every number is one token: `3 of 4 tests failed` and the values say
 * little here (`failureShape` reads the values). Deterministic and bounded with no clock: the
 * same two summaries give the same figure on any machine at any load, so recall does not change
 * between runs (a character diff cut off after a time did).
 */
export function summarySimilarity(a: string, b: string): number {
  const left = tokensOf(a);
  const right = tokensOf(b);
  if (left.length + right.length === 0) return 1;
  let previous = new Uint16Array(right.length + 1);
  let current = new Uint16Array(right.length + 1);
  for (const token of left) {
    for (let j = 1; j <= right.length; j++) {
      current[j] = token === right[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
    }
    [previous, current] = [current, previous];
  }
  return (2 * previous[right.length]) / (left.length + right.length);
}

function tokensOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z_$][\w$]*|\d+(?:\.\d+)?|[^\s\w$]/g) ?? []).slice(0, MAX_TOKENS).map((token) => (/^\d/.test(token) ? "#" : token));
}
