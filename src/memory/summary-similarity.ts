/**
 * Tokens of a summary compared, at most: a summary longer than this (a long repr, a traceback)
 * is compared by its start, which holds the failure's kind; the bound keeps a recall's cost
 * linear in the entries it ranks.
 */
const MAX_TOKENS = 300;

/**
 * How alike two diagnosis summaries are, 0 to 1: the Dice coefficient of their tokens and token
 * pairs (words, numbers, punctuation; every number counts as one token, since `3 of 4 tests
 * failed` and the values say little here and `failureShape` reads the values). Deterministic and
 * linear in the texts' length, with no clock: the same two summaries give the same figure on any
 * machine at any load, so recall does not change between runs.
 */
export function summarySimilarity(a: string, b: string): number {
  const left = grams(a);
  const right = grams(b);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const [gram, count] of left) shared += Math.min(count, right.get(gram) ?? 0);
  return (2 * shared) / (total(left) + total(right));
}

function grams(text: string): Map<string, number> {
  const tokens = (text.toLowerCase().match(/[a-z_$][\w$]*|\d+(?:\.\d+)?|[^\s\w$]/g) ?? []).slice(0, MAX_TOKENS).map((token) => (/^\d/.test(token) ? "#" : token));
  const counts = new Map<string, number>();
  const add = (gram: string) => counts.set(gram, (counts.get(gram) ?? 0) + 1);
  tokens.forEach((token, index) => {
    add(token);
    if (index > 0) add(`${tokens[index - 1]} ${token}`);
  });
  return counts;
}

function total(counts: Map<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count;
  return sum;
}
