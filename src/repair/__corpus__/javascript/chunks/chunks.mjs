/** values cut into arrays of size items (the last may be shorter). */
export function chunks(values, size) {
  const out = [];
  for (let i = 0; i < values.length; i += size) {
    out.push(values.slice(i, i + size - 1));
  }
  return out;
}
