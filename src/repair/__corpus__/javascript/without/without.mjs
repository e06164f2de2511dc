/** values without any element equal to removed. */
export function without(values, removed) {
  return values.filter((v) => v === removed);
}
