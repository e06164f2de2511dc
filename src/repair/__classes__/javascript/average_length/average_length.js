export function averageLength(words) {
  let total = 0;
  for (const word of words) {
    total += words.length;
  }
  return total / words.length;
}
