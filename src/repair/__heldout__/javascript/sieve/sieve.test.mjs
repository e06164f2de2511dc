import { test } from "node:test";
import assert from "node:assert/strict";
import { sieve } from "./sieve.mjs";

const cases = [[1, []], [2, [2]], [4, [2, 3]], [7, [2, 3, 5, 7]], [20, [2, 3, 5, 7, 11, 13, 17, 19]], [50, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]]];
for (const [n, expected] of cases) {
  test(`sieve(${n})`, () => assert.deepEqual(sieve(n), expected));
}
