export function head(xs, k) {
  return xs.slice(0, k);
}

/** Sum of the values after the first k. */
export function restSum(xs, k) {
  return sum(xs);
}

function sum(xs) {
  return xs.reduce((total, x) => total + x, 0);
}
