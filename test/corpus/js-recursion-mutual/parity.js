export function isEven(n) {
  return n === 0 ? true : isOdd(n - 1);
}

export function isOdd(n) {
  return n === 1 ? true : isEven(n - 1);
}
