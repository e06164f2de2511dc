/** n! for a whole number n >= 0. */
export function factorial(n) {
  return n * factorial(n - 1);
}
