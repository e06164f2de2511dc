import { test } from "node:test";
import assert from "node:assert/strict";
import { bitcount } from "./bitcount.mjs";

function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

test("random against toString(2)", () => {
  const next = random(1);
  assert.equal(bitcount(0), 0);
  for (let i = 0; i < 500; i++) {
    const n = next(2 ** 31);
    assert.equal(bitcount(n), [...n.toString(2)].filter((c) => c === "1").length);
  }
});
