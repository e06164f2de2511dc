import { test } from "node:test";
import assert from "node:assert/strict";
import { Cart } from "./cart.js";

test("the same item keeps one line", () => {
  const cart = new Cart();
  cart.add("apple", 2, 0.5);
  cart.add("apple", 3, 0.5);
  assert.equal(cart.lines.length, 1);
  assert.equal(cart.lines[0].qty, 5);
});

test("three adds of two items", () => {
  const cart = new Cart();
  cart.add("pear", 1, 2);
  cart.add("apple", 1, 1);
  cart.add("pear", 2, 2);
  assert.equal(cart.quantity("pear"), 3);
  assert.equal(cart.total(), 7);
  assert.deepEqual(cart.lines.map((line) => line.sku), ["pear", "apple"]);
});
