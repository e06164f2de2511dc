import { unitPrice } from "./pricing.js";

export function stockValue(items) {
  return Object.entries(items).reduce((sum, [name, count]) => sum + unitPrice(name) * count, 0);
}
