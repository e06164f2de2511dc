import { test } from "node:test";
import assert from "node:assert/strict";
import { findFirstInSorted } from "./find_first_in_sorted.mjs";

const cases = [
  [[3, 4, 5, 5, 5, 5, 6], 5, 2],
  [[3, 4, 5, 5, 5, 5, 6], 7, -1],
  [[3, 4, 5, 5, 5, 5, 6], 2, -1],
  [[3, 6, 7, 9, 9, 10, 14, 27], 14, 6],
  [[0, 1, 6, 8, 13, 14, 67, 128], 80, -1],
  [[0, 1, 6, 8, 13, 14, 67, 128], 67, 6],
  [[0, 1, 6, 8, 13, 14, 67, 128], 128, 7],
];
for (const [arr, x, expected] of cases) {
  test(`findFirstInSorted([${arr}], ${x})`, () => assert.equal(findFirstInSorted(arr, x), expected));
}
