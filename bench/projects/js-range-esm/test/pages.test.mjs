import test from "node:test";
import assert from "node:assert/strict";
import { pages } from "../lib/pages.mjs";

test("pages", () => {
  assert.deepEqual(pages(25, 10), [1, 2, 3]);
  assert.deepEqual(pages(10, 10), [1]);
});
