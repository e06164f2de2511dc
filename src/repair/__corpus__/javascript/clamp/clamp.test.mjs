import { test } from "node:test";
import assert from "node:assert/strict";
import { clamp } from "./clamp.mjs";

test("inside", () => assert.equal(clamp(5, 0, 10), 5));
test("below", () => assert.equal(clamp(-3, 0, 10), 0));
test("above", () => assert.equal(clamp(12, 0, 10), 10));
test("edges", () => {
  assert.equal(clamp(0, 0, 10), 0);
  assert.equal(clamp(10, 0, 10), 10);
});
