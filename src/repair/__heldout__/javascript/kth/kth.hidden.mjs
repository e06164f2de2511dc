import { test } from "node:test";
import assert from "node:assert/strict";
import { kth } from "./kth.mjs";

function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

test("random against sort", () => {
  const next = random(14);
  for (let i = 0; i < 500; i++) {
    const arr = Array.from({ length: next(19) + 1 }, () => next(30));
    const k = next(arr.length);
    assert.equal(kth([...arr], k), [...arr].sort((a, b) => a - b)[k]);
  }
});
