import { test } from "node:test";
import assert from "node:assert/strict";
import { bitcount } from "./bitcount.mjs";

for (const [n, expected] of [[127, 7], [128, 1], [3005, 9], [13, 3], [14, 3], [27, 4], [834, 4], [254, 7], [256, 1]]) {
  test(`bitcount(${n})`, () => assert.equal(bitcount(n), expected));
}
