/** xs rotated k places to the left. */
export function rotateLeft(xs, k) {
  if (xs.length === 0) return xs;
  k = k % xs.length;
  return xs.slice(k).concat(xs);
}
