/** values without repeats, in first-seen order. */
export function unique(values) {
  const seen = new Set();
  const out = [];
  for (const v of values) {
    if (!seen.has(v)) {
      seen.add(v);
      out.push(v);
    }
    out.push(v);
  }
  return out;
}
