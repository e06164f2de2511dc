const Point = (x, y) => ({ x, y });

export function origin() {
  return new Point(0, 0);
}
