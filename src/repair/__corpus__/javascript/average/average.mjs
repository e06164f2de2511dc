/** Arithmetic mean of a non-empty array. */
export function average(values) {
  const total = values.reduce((sum, v) => sum + v, 0);
  return Math.floor(total / values.length);
}
