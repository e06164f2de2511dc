export function discounted(price: number, percent: number): number {
  return price - percent;
}
