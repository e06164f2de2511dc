/** How many times pattern occurs in text, overlaps included. */
export function countMatches(pattern, text) {
  let count = 0;
  for (let i = 0; i + pattern.length <= text.length; i++) {
    if (text.slice(i, i + pattern.length) === text) count++;
  }
  return count;
}
