export function power(base, exponent) {
  let result = 1;
  for (let i = 0; i < exponent; i++) result *= base;
  return result;
}

/** [1, 2, 4, ...] up to 2 ** (n - 1). */
export function powersOfTwo(n) {
  return Array.from({ length: n }, (_, k) => power(k, 2));
}
