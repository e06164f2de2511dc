import { test } from "node:test";
import assert from "node:assert/strict";
import { maxSublistSum } from "./max_sublist_sum.mjs";

function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

function bruteForce(arr) {
  let best = 0;
  for (let i = 0; i < arr.length; i++) {
    let sum = 0;
    for (let j = i; j < arr.length; j++) best = Math.max(best, (sum += arr[j]));
  }
  return best;
}

test("random against brute force", () => {
  const next = random(19);
  for (let i = 0; i < 500; i++) {
    const arr = Array.from({ length: next(15) }, () => next(40) - 20);
    assert.equal(maxSublistSum(arr), bruteForce(arr));
  }
});
