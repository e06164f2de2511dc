import { test } from "node:test";
import assert from "node:assert/strict";
import { countInRange } from "./count_in_range.js";

test("case 0: countInRange([1, 2, 3], 1, 3)", () => assert.deepEqual(countInRange([1, 2, 3], 1, 3), 3));
test("case 1: countInRange([1, 5], 1, 4)", () => assert.deepEqual(countInRange([1, 5], 1, 4), 1));
test("case 2: countInRange([4, 9], 0, 4)", () => assert.deepEqual(countInRange([4, 9], 0, 4), 1));
