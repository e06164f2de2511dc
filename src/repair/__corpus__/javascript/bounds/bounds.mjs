/** [smallest, largest] of a non-empty array. */
export function bounds(values) {
  return [Math.max(...values), Math.min(...values)];
}
