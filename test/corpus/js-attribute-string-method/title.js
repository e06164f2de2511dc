export function title(word) {
  return word.capitalize();
}
