export interface Item {
  sku: string;
  quantity: number;
}

export function priceOf(item: Item): number {
  return item.sku === "tea" ? 3 : 5;
}
