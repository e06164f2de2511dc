/** The smallest box holding every point. */
export function bounds(points) {
  let [minX, minY] = points[0];
  let [maxX, maxY] = points[0];
  for (const [x, y] of points.slice(1)) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
  }
  return { minX, minY, maxX, maxY };
}
