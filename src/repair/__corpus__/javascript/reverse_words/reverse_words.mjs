export function reverseWords(text) {
  const words = text.trim().split(/\s+/);
  const reversed = [...words].reverse();
  return words.join(" ");
}
