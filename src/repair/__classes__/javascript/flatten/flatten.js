/** Flattens nested arrays into one array. */
export function flatten(value) {
  return value.flatMap((item) => flatten(item));
}
