import { test } from "node:test";
import assert from "node:assert/strict";
import { pascal } from "./pascal.mjs";

const cases = [[1, [[1]]], [2, [[1], [1, 1]]], [3, [[1], [1, 1], [1, 2, 1]]], [4, [[1], [1, 1], [1, 2, 1], [1, 3, 3, 1]]], [5, [[1], [1, 1], [1, 2, 1], [1, 3, 3, 1], [1, 4, 6, 4, 1]]]];
for (const [n, expected] of cases) {
  test(`pascal(${n})`, () => assert.deepEqual(pascal(n), expected));
}
