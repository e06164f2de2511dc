import { test } from "node:test";
import assert from "node:assert/strict";
import { sieve } from "./sieve.mjs";

function isPrime(n) {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

test("against trial division", () => {
  for (let n = 0; n < 400; n += 7) {
    assert.deepEqual(sieve(n), Array.from({ length: n + 1 }, (_, i) => i).filter(isPrime));
  }
});
