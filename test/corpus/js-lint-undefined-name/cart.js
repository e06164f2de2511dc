export function cartTotal(prices, discount) {
  const total = prices.reduce((sum, p) => sum + p, 0);
  return totl - discount;
}
