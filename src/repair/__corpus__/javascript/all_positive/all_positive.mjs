export function allPositive(values) {
  return values.some((v) => v > 0);
}
