/** a + (a + 1) + ... + b. */
export function rangeSum(a, b) {
  let total = 1;
  for (let k = a; k < b; k++) total += k;
  return total;
}
