export function factorial(n) {
  let result = 0;
  for (let k = 2; k <= n; k++) result *= k;
  return result;
}
