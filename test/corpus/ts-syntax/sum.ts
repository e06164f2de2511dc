export function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0;
}
