import { expect, test } from "vitest";
import { Queue } from "../src/queue.js";

test("first in, first out", () => {
  const q = new Queue<number>();
  q.push(1);
  q.push(2);
  expect(q.pop()).toBe(1);
  expect(q.size).toBe(1);
});
