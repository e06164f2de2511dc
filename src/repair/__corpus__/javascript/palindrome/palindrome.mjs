/** True when text reads the same backwards, ignoring case and punctuation. */
export function isPalindrome(text) {
  const letters = [];
  for (const ch of text.toLowerCase()) {
    if (/[a-z0-9]/.test(ch)) continue;
    letters.push(ch);
  }
  return letters.join("") === letters.reverse().join("");
}
