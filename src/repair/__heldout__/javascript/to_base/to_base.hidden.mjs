import { test } from "node:test";
import assert from "node:assert/strict";
import { toBase } from "./to_base.mjs";

function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

test("random against Number.prototype.toString", () => {
  const next = random(31);
  for (let i = 0; i < 600; i++) {
    const num = next(1e9) + 1;
    const b = next(35) + 2;
    assert.equal(toBase(num, b), num.toString(b).toUpperCase());
  }
});
