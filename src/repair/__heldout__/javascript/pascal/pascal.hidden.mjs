import { test } from "node:test";
import assert from "node:assert/strict";
import { pascal } from "./pascal.mjs";

function binomial(n, k) {
  let out = 1;
  for (let i = 1; i <= k; i++) out = (out * (n - k + i)) / i;
  return Math.round(out);
}

test("rows are binomials", () => {
  for (let n = 1; n < 30; n++) {
    const expected = Array.from({ length: n }, (_, r) => Array.from({ length: r + 1 }, (_, c) => binomial(r, c)));
    assert.deepEqual(pascal(n), expected);
  }
});
