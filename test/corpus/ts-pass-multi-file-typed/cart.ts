import { priceOf, type Item } from "./catalog.js";

export function total(items: Item[]): number {
  return items.reduce((sum, item) => sum + priceOf(item) * item.quantity, 0);
}
