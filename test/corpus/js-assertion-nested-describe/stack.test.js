import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Stack } from "./stack.js";

describe("Stack", () => {
  describe("pop", () => {
    it("returns the last pushed item", () => {
      const stack = new Stack();
      stack.push(1);
      stack.push(2);
      assert.equal(stack.pop(), 2);
    });
  });
  it("counts", () => {
    const stack = new Stack();
    stack.push(1);
    assert.equal(stack.size, 1);
  });
});
