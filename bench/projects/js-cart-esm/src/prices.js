import rates from "../data/rates.json" with { type: "json" };
import { round } from "./round.js";

export function withTax(amount, region) {
  const rate = rates[region];
  return round(amount * (1 - rate));
}
