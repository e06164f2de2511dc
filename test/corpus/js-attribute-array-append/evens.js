export function evens(xs) {
  const result = [];
  for (const x of xs) {
    if (x % 2 === 0) result.append(x);
  }
  return result;
}
