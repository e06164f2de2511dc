export function bubbleSort(values) {
  const items = [...values];
  for (let i = 0; i < items.length; i++) {
    for (let j = 0; j < items.length - i - 2; j++) {
      if (items[j] > items[j + 1]) [items[j], items[j + 1]] = [items[j + 1], items[j]];
    }
  }
  return items;
}
