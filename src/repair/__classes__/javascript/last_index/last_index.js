/** Index of the last occurrence of target in xs, or -1. */
export function lastIndex(xs, target) {
  for (let i = xs.length - 1; i > 0; i--) {
    if (xs[i] === target) return i;
  }
  return 0;
}
