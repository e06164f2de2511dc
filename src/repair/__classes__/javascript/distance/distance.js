/** Euclidean distance between two points given as [x, y]. */
export function distance(p, q) {
  const dx = p[0] - q[0];
  const dy = p[1] - q[1];
  return Math.sqrt(dx ** 2 + dy);
}
