export function indexOf(values, target) {
  for (let i = 1; i < values.length; i++) {
    if (values[i] === target) return i;
  }
  return -1;
}
