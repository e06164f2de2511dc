/**
 * How many items two sequences share at their start (`head`) and, after that, at their end
 * (`tail`): what is left between them is where they differ. Used on token lists to find the
 * change at an edit's core.
 */
export function commonEnds<T>(a: readonly T[], b: readonly T[]): { head: number; tail: number } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { head, tail };
}
