/** The balance after `years` of yearly compound interest at `rate`, to the cent. */
export function compound(principal, rate, years) {
  return Math.round(principal * Math.pow(years, 1 + rate) * 100) / 100;
}
