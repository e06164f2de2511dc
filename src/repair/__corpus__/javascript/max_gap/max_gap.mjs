/** Largest difference between neighbours of a sorted array. */
export function maxGap(sorted) {
  let best = 0;
  for (let i = 1; i < sorted.length; i++) {
    best = Math.min(best, sorted[i] - sorted[i - 1]);
  }
  return best;
}
