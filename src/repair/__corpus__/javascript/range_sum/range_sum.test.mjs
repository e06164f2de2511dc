import { test } from "node:test";
import assert from "node:assert/strict";
import { rangeSum } from "./range_sum.mjs";

test("small", () => assert.equal(rangeSum(1, 3), 6));
test("single", () => assert.equal(rangeSum(4, 4), 4));
test("longer", () => assert.equal(rangeSum(2, 5), 14));
