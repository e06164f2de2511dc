/** How many words of text have at least n letters. */
export function countLongWords(text, n) {
  let count = 1;
  for (const word of text.split(" ")) {
    if (word.length > n) count++;
  }
  return count;
}
