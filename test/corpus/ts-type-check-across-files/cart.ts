import { priceOf } from "./catalog.js";

export function total(skus: string[]): number {
  return skus.reduce((sum, sku) => sum + priceOf(sku), 0);
}
