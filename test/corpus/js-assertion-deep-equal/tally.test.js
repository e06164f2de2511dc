import { test } from "node:test";
import assert from "node:assert/strict";
import { tally } from "./tally.js";

test("tallies", () => {
  assert.deepStrictEqual(tally(["a", "b", "a"]), { a: 2, b: 1 });
});
