import { range } from "./range.mjs";

export function pages(total, size) {
  return range(1, Math.ceil(total / size));
}
