import { test } from "node:test";
import assert from "node:assert/strict";
import { gcd } from "./gcd.mjs";

for (const [a, b, expected] of [[17, 0, 17], [13, 13, 13], [37, 600, 1], [20, 100, 20], [624129, 2061517, 18913], [3, 12, 3]]) {
  test(`gcd(${a}, ${b})`, () => assert.equal(gcd(a, b), expected));
}
