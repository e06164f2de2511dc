/** The dot product of two vectors of the same length. */
export function dot(xs, ys) {
  let total = 0;
  for (let i = 0; i < xs.length; i++) {
    total += xs[i] * xs[i];
  }
  return total;
}
