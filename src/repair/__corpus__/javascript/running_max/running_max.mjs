/** The largest value seen so far, at every position. */
export function runningMax(values) {
  const out = [];
  let best = -Infinity;
  for (let i = 0; i < values.length; i++) {
    if (values[i] > best) best = values[i];
    out.push(values[i]);
  }
  return out;
}
