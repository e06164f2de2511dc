/** Whether a and b are made of the same letters, ignoring case. */
export function sameLetters(a, b) {
  return Array.from(a.toLowerCase()).sort().join("") === Array.from(b).sort().join("");
}
