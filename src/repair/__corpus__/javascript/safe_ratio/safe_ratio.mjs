/** part / whole, or 0 when whole is zero. */
export function safeRatio(part, whole) {
  return part / whole;
}
