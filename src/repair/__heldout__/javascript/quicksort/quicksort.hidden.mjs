import { test } from "node:test";
import assert from "node:assert/strict";
import { quicksort } from "./quicksort.mjs";

function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

test("random against sort", () => {
  const next = random(24);
  for (let i = 0; i < 400; i++) {
    const arr = Array.from({ length: next(40) }, () => next(20) - 10);
    assert.deepEqual(quicksort([...arr]), [...arr].sort((a, b) => a - b));
  }
});
