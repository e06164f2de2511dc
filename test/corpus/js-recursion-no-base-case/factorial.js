export function factorial(n) {
  return n * factorial(n - 1);
}
