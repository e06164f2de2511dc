import { test } from "node:test";
import assert from "node:assert/strict";
import { total } from "../src/cart.js";

test("eu cart", () => {
  assert.equal(total([{ price: 10, qty: 2 }], "eu"), 24);
});
test("us cart", () => {
  assert.equal(total([{ price: 5, qty: 1 }, { price: 1, qty: 10 }], "us"), 16.5);
});
test("empty cart", () => {
  assert.equal(total([], "us"), 0);
});
