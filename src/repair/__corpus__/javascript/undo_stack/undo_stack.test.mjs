import { test } from "node:test";
import assert from "node:assert/strict";
import { undo } from "./undo_stack.mjs";

test("most recent", () => assert.equal(undo(["a", "b", "c"]), "c"));
test("removes it", () => {
  const h = ["a", "b"];
  undo(h);
  assert.deepEqual(h, ["a"]);
});
