export function findInSorted(arr, x) {
  function binsearch(start, end) {
    if (start === end) return -1;
    const mid = start + Math.floor((end - start) / 2);
    if (x < arr[mid]) {
      return binsearch(start, mid);
    } else if (x > arr[mid]) {
      return binsearch(mid, end);
    } else {
      return mid;
    }
  }
  return binsearch(0, arr.length);
}
