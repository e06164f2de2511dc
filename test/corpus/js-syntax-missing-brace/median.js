export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length % 2) {
    return s[(s.length - 1) / 2];
  return (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
