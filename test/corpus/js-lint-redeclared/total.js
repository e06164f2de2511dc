export function total(xs) {
  let sum = 0;
  for (const x of xs) sum += x;
  let sum = Math.round(sum);
  return sum;
}
