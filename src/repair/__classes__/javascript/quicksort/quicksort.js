export function quicksort(xs) {
  const [pivot, ...rest] = xs;
  const smaller = rest.filter((x) => x < pivot);
  const larger = rest.filter((x) => x >= pivot);
  return [...quicksort(smaller), pivot, ...quicksort(larger)];
}
