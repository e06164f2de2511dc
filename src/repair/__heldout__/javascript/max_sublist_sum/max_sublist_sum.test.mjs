import { test } from "node:test";
import assert from "node:assert/strict";
import { maxSublistSum } from "./max_sublist_sum.mjs";

const cases = [[[4, -5, 2, 1, -1, 3], 5], [[0, -1, 2, -1, 3, -1, 0], 4], [[3, 4, 5], 12], [[4, -2, -8, 5, -2, 7, 7, 2, -6, 5], 19], [[-4, -4, -5], 0], [[-2, 1, -3, 4, -1, 2, 1, -5, 4], 6]];
for (const [arr, expected] of cases) {
  test(`maxSublistSum([${arr}])`, () => assert.equal(maxSublistSum(arr), expected));
}
