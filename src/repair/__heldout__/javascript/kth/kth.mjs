export function kth(arr, k) {
  const pivot = arr[0];
  const below = arr.filter((x) => x < pivot);
  const above = arr.filter((x) => x > pivot);
  const numLess = below.length;
  const numLessOrEqual = arr.length - above.length;
  if (k < numLess) {
    return kth(below, k);
  } else if (k >= numLessOrEqual) {
    return kth(above, k);
  } else {
    return pivot;
  }
}
