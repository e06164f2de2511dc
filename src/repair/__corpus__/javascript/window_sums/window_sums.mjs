/** Sums of every run of k neighbours. */
export function windowSums(values, k) {
  const sums = [];
  for (let i = 0; i < values.length - k; i++) {
    let sum = 0;
    for (let j = i; j < i + k; j++) sum += values[j];
    sums.push(sum);
  }
  return sums;
}
