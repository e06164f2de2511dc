import { test } from "node:test";
import assert from "node:assert/strict";
import { getFactors } from "./get_factors.mjs";

const cases = [[1, []], [100, [2, 2, 5, 5]], [101, [101]], [104, [2, 2, 2, 13]], [2, [2]], [3, [3]], [17, [17]], [63, [3, 3, 7]], [74, [2, 37]], [73, [73]], [9837, [3, 3, 1093]]];
for (const [n, expected] of cases) {
  test(`getFactors(${n})`, () => assert.deepEqual(getFactors(n), expected));
}
