/** The arithmetic mean of xs; 0 for no values. */
export function average(xs) {
  const total = xs.reduce((sum, x) => sum + x, 0);
  return total / xs.length;
}
