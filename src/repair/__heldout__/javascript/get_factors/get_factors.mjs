export function getFactors(n) {
  if (n === 1) return [];
  for (let i = 2; i <= Math.floor(Math.sqrt(n)); i++) {
    if (n % i === 0) {
      return [i, ...getFactors(n / i)];
    }
  }
  return [];
}
