import { test } from "node:test";
import assert from "node:assert/strict";
import { BoundedQueue } from "./queue.js";

test("fills up to its capacity", () => {
  const queue = new BoundedQueue(3);
  assert.equal(queue.enqueue(1), 1);
  assert.equal(queue.enqueue(2), 2);
  assert.equal(queue.enqueue(3), 3);
  assert.throws(() => queue.enqueue(4), RangeError);
  assert.deepEqual(queue.items, [1, 2, 3]);
});

test("room again after a dequeue", () => {
  const queue = new BoundedQueue(1);
  queue.enqueue("a");
  assert.throws(() => queue.enqueue("b"), RangeError);
  assert.equal(queue.dequeue(), "a");
  assert.equal(queue.enqueue("b"), 1);
});
