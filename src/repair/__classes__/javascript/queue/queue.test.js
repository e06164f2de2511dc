import { test } from "node:test";
import assert from "node:assert/strict";
import { BoundedQueue } from "./queue.js";

test("first in, first out", () => {
  const queue = new BoundedQueue(3);
  queue.enqueue("a");
  queue.enqueue("b");
  assert.equal(queue.dequeue(), "a");
  assert.equal(queue.peek(), "b");
});

test("an empty queue cannot be dequeued", () => {
  assert.throws(() => new BoundedQueue(2).dequeue(), RangeError);
});

test("a full queue refuses more", () => {
  const queue = new BoundedQueue(2);
  queue.enqueue(1);
  queue.enqueue(2);
  assert.throws(() => queue.enqueue(3), RangeError);
});
