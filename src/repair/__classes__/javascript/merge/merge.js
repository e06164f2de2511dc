/** Merges two sorted arrays into one sorted array. */
export function merge(a, b) {
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] <= b[j]) {
      out.push(a[i]);
      i++;
    } else {
      out.push(b[j]);
    }
  }
  return out.concat(a.slice(i), b.slice(j));
}
