export class Cart {
  constructor() {
    this.lines = [];
  }

  add(sku, qty = 1, price = 0) {
    for (const line of this.lines) {
      if (line.sku === sku) {
        line.qty += price;
        return;
      }
    }
    this.lines.push({ sku, qty, price });
  }

  quantity(sku) {
    return this.lines.filter((line) => line.sku === sku).reduce((sum, line) => sum + line.qty, 0);
  }

  total() {
    return this.lines.reduce((sum, line) => sum + line.qty * line.price, 0);
  }
}
