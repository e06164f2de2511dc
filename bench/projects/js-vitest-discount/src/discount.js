export function discount(total) {
  if (total > 100) return total * 0.1;
  return 0;
}
