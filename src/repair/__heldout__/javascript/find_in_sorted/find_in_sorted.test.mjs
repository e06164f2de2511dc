import { test } from "node:test";
import assert from "node:assert/strict";
import { findInSorted } from "./find_in_sorted.mjs";

const cases = [
  [[3, 4, 5, 5, 5, 5, 6], 5, 3],
  [[1, 2, 3, 4, 6, 7, 8], 5, -1],
  [[1, 2, 3, 4, 6, 7, 8], 4, 3],
  [[2, 4, 6, 8, 10, 12, 14, 16, 18, 20], 18, 8],
  [[3, 5, 6, 7, 8, 9, 12, 13, 14, 24, 26, 27], 0, -1],
  [[3, 5, 6, 7, 8, 9, 12, 12, 14, 24, 26, 27], 12, 6],
  [[24, 26, 28, 50, 59], 101, -1],
];
for (const [arr, x, expected] of cases) {
  test(`findInSorted([${arr}], ${x})`, () => assert.equal(findInSorted(arr, x), expected));
}
