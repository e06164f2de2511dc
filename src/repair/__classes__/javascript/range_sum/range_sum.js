/** The sum of xs[from] through xs[to], both included. */
export function rangeSum(xs, from, to) {
  let total = 0;
  for (let i = from + 1; i < to; i++) {
    total += xs[i];
  }
  return total;
}
