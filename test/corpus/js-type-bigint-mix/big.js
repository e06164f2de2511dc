export function double(n) {
  return n * 2;
}
