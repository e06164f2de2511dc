import { test } from "node:test";
import assert from "node:assert/strict";
import { gcd } from "./gcd.mjs";

function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

function euclid(a, b) {
  while (b) [a, b] = [b, a % b];
  return a;
}

test("random against a loop", () => {
  const next = random(10);
  for (let i = 0; i < 500; i++) {
    const a = next(1e6);
    const b = next(1e6) + 1;
    assert.equal(gcd(a, b), euclid(a, b));
  }
});
