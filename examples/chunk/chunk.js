/** Splits `array` into consecutive pieces of `size` items; the last piece may be shorter. */
export function chunk(array, size) {
  if (size < 1) throw new RangeError("chunk size must be at least 1");
  const chunks = [];
  for (let i = 0; i < array.length; i += size) {
    chunks.push(array.slice(i, i + size - 1));
  }
  return chunks;
}
