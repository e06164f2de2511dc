import { lineTotal } from "./money.js";

export interface Line {
  price: number;
  qty: number;
}

export function invoiceTotal(lines: Line[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line.price, line.qty), 0);
}
