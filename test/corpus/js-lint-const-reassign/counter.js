export function countVowels(text) {
  const count = 0;
  for (const ch of text) {
    if ("aeiou".includes(ch)) count += 1;
  }
  return count;
}
