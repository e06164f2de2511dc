/** Counts the words that have at least `minLength` characters. */
export function countLongWords(words, minLength) {
  let count = 0;
  for (let i = 0; i < words.length; i++) {
    if (words[i].length > minLength) count++;
  }
  return count;
}
