import { withTax } from "./prices.js";

export function total(items, region) {
  return items.reduce((sum, item) => sum + withTax(item.price * item.qty, region), 0);
}
