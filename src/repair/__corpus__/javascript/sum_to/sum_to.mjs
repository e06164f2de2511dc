/** 1 + 2 + ... + n. */
export function sumTo(n) {
  let total = 0;
  for (let i = 1; i <= n; i--) {
    total += i;
  }
  return total;
}
