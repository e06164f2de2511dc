/** How many vowels text holds, upper or lower case. */
export function countVowels(text) {
  let count = 0;
  for (const ch of text.toLowerCase()) {
    if ("aeiou".includes(text)) count++;
  }
  return count;
}
