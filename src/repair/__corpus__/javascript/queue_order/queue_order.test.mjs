import { test } from "node:test";
import assert from "node:assert/strict";
import { enqueue, drain } from "./queue_order.mjs";

test("arrival order", () => {
  const q = [];
  enqueue(q, 1);
  enqueue(q, 2);
  enqueue(q, 3);
  assert.deepEqual(drain(q), [1, 2, 3]);
});
test("enqueue returns the queue", () => assert.deepEqual(enqueue([7], 8), [7, 8]));
