import { test } from "node:test";
import assert from "node:assert/strict";
import { findInSorted } from "./find_in_sorted.mjs";

function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

test("random distinct against indexOf", () => {
  const next = random(7);
  for (let i = 0; i < 500; i++) {
    const arr = [...new Set(Array.from({ length: next(20) }, () => next(60)))].sort((a, b) => a - b);
    const x = next(64) - 2;
    assert.equal(findInSorted(arr, x), arr.indexOf(x));
  }
});
