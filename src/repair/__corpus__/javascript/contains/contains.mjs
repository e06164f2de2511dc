export function contains(values, target) {
  return values.indexOf(target) > 0;
}
