export function label(count: number): string {
  if (count === 1) return "one item";
  return count;
}
