import { test } from "node:test";
import assert from "node:assert/strict";
import { without } from "./without.mjs";

test("removes", () => assert.deepEqual(without([1, 2, 1, 3], 1), [2, 3]));
test("nothing to remove", () => assert.deepEqual(without([4, 5], 9), [4, 5]));
