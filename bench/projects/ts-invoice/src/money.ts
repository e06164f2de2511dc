export function lineTotal(price: number, qty: number): number {
  return price + qty;
}
