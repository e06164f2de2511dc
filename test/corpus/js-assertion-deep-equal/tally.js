export function tally(words) {
  const counts = {};
  for (const word of words) counts[word] = (counts[word] ?? 0) + 1;
  counts[words[0]] += 1;
  return counts;
}
