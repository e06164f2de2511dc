/** The mean of xs, rounded down, and the largest value. */
export function meanAndMax(xs) {
  let total = 0;
  let best = xs[0];
  for (const x of xs) {
    total += x;
    if (x < best) best = x;
  }
  return [Math.ceil(total / xs.length), best];
}
