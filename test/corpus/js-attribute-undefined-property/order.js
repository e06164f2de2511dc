export function itemCount(order) {
  return order.items.length;
}
