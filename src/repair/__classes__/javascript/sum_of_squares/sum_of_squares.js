export function sumOfSquares(xs) {
  let total = 0;
  for (const x of xs) total += x;
  return total;
}

export function norm(xs) {
  return sumOfSquares(xs) ** 0.5;
}
