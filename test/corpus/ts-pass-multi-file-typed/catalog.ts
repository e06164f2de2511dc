export interface Item {
  sku: string;
  quantity: number;
}

const PRICES: Record<string, number> = { tea: 3, cake: 5 };

export function priceOf(item: Item): number {
  return PRICES[item.sku] ?? 0;
}
