export function clamp(x: number, lo: number, hi: number): number {
  if (x < lo) return lo;
  if (x < hi) return hi;
  return x;
}
