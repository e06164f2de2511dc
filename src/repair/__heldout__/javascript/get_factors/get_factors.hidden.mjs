import { test } from "node:test";
import assert from "node:assert/strict";
import { getFactors } from "./get_factors.mjs";

function trialDivision(n) {
  const out = [];
  for (let d = 2; d * d <= n; d++) {
    while (n % d === 0) {
      out.push(d);
      n /= d;
    }
  }
  return n > 1 ? [...out, n] : out;
}

test("against trial division", () => {
  for (let n = 1; n < 3000; n += 1) assert.deepEqual(getFactors(n), trialDivision(n));
});
