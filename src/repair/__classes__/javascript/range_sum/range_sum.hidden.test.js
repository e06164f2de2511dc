import { test } from "node:test";
import assert from "node:assert/strict";
import { rangeSum } from "./range_sum.js";

test("case 0: rangeSum([3], 0, 0)", () => assert.deepEqual(rangeSum([3], 0, 0), 3));
test("case 1: rangeSum([1, 2, 3], 2, 2)", () => assert.deepEqual(rangeSum([1, 2, 3], 2, 2), 3));
test("case 2: rangeSum([10, 20, 30, 40, 50], 1, 3)", () => assert.deepEqual(rangeSum([10, 20, 30, 40, 50], 1, 3), 90));
