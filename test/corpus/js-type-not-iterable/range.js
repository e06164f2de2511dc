export function sumUpTo(count) {
  let total = 0;
  for (const n of count) {
    total += n;
  }
  return total;
}
