import { test } from "node:test";
import assert from "node:assert/strict";
import { findFirstInSorted } from "./find_first_in_sorted.mjs";

function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

test("random against indexOf", () => {
  const next = random(6);
  assert.equal(findFirstInSorted([], 1), -1);
  for (let i = 0; i < 500; i++) {
    const arr = Array.from({ length: next(15) }, () => next(12)).sort((a, b) => a - b);
    const x = next(15) - 1;
    assert.equal(findFirstInSorted(arr, x), arr.indexOf(x));
  }
});
