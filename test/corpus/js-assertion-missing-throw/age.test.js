import { test } from "node:test";
import assert from "node:assert/strict";
import { parseAge } from "./age.js";

test("parses", () => assert.equal(parseAge("42"), 42));
test("rejects negatives", () => {
  assert.throws(() => parseAge("-1"), RangeError);
});
