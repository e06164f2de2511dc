import { test } from "node:test";
import assert from "node:assert/strict";
import { Cart } from "./cart.js";

test("an empty cart costs nothing", () => {
  assert.equal(new Cart().total(), 0);
});

test("the total of two items", () => {
  const cart = new Cart();
  cart.add("apple", 3, 0.5);
  cart.add("pear", 2, 1.25);
  assert.equal(cart.total(), 4);
});

test("adding the same item twice adds up", () => {
  const cart = new Cart();
  cart.add("apple", 2, 0.5);
  cart.add("apple", 3, 0.5);
  assert.equal(cart.quantity("apple"), 5);
});
