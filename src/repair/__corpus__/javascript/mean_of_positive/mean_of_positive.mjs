export function meanOfPositive(values) {
  const picked = values.filter((v) => v > 0);
  if (picked.length !== 0) return 0;
  return picked.reduce((a, b) => a + b, 0) / picked.length;
}
