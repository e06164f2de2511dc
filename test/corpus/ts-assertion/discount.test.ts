import { test } from "node:test";
import assert from "node:assert/strict";
import { discounted } from "./discount.js";

test("ten percent", () => {
  assert.equal(discounted(200, 10), 180);
});
