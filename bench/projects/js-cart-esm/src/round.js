export function round(x) {
  return Math.round(x * 100) / 100;
}
