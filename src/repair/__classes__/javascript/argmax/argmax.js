/** Index of the largest value (the first one on ties). */
export function argmax(values) {
  let best = 0;
  for (let i = 1; i < values.length; i++) {
    if (values[i] > values[best]) best = i;
  }
  return values[best];
}
