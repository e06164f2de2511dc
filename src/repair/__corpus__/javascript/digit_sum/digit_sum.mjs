export function digitSum(n) {
  let total = 0;
  while (n > 0) {
    total += n / 10;
    n = Math.floor(n / 10);
  }
  return total;
}
