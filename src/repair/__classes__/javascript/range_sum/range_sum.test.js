import { test } from "node:test";
import assert from "node:assert/strict";
import { rangeSum } from "./range_sum.js";

test("case 0: rangeSum([1, 2, 3, 4], 1, 2)", () => assert.deepEqual(rangeSum([1, 2, 3, 4], 1, 2), 5));
test("case 1: rangeSum([5, 6, 7], 0, 1)", () => assert.deepEqual(rangeSum([5, 6, 7], 0, 1), 11));
test("case 2: rangeSum([9, 9, 9], 0, 2)", () => assert.deepEqual(rangeSum([9, 9, 9], 0, 2), 27));
test("case 3: rangeSum([4, 1, 2, 8], 0, 3)", () => assert.deepEqual(rangeSum([4, 1, 2, 8], 0, 3), 15));
