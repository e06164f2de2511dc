import { test } from "node:test";
import assert from "node:assert/strict";
import { toBase } from "./to_base.mjs";

const cases = [[8227, 18, "1771"], [73, 8, "111"], [16, 19, "G"], [31, 16, "1F"], [41, 2, "101001"], [44, 5, "134"], [27, 23, "14"], [56, 23, "2A"], [8237, 24, "E75"], [8237, 34, "749"]];
for (const [num, b, expected] of cases) {
  test(`toBase(${num}, ${b})`, () => assert.equal(toBase(num, b), expected));
}
