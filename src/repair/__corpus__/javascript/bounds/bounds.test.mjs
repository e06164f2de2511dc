import { test } from "node:test";
import assert from "node:assert/strict";
import { bounds } from "./bounds.mjs";

test("bounds", () => assert.deepEqual(bounds([3, 9, 1]), [1, 9]));
test("single", () => assert.deepEqual(bounds([4]), [4, 4]));
test("negative", () => assert.deepEqual(bounds([-2, -7]), [-7, -2]));
