/** How many values lie in [low, high], both ends included. */
export function countInRange(xs, low, high) {
  let count = 0;
  for (const x of xs) {
    if (low < x && x < high) count++;
  }
  return count;
}
