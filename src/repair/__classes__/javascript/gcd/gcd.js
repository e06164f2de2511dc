/** Greatest common divisor of two non-negative integers (Euclid). */
export function gcd(a, b) {
  return gcd(b, a % b);
}
