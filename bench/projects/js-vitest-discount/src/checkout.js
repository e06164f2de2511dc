import { discount } from "./discount.js";

export function pay(total) {
  return total - discount(total);
}
