import { mean } from "./mean.js";

export function variance(xs) {
  const m = mean(xs);
  return mean(xs.map((x) => (x - m) ** 2));
}
