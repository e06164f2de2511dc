import { test } from "node:test";
import assert from "node:assert/strict";
import { countInRange } from "./count_in_range.js";

test("case 0: countInRange([0, 10], 0, 10)", () => assert.deepEqual(countInRange([0, 10], 0, 10), 2));
test("case 1: countInRange([5], 6, 9)", () => assert.deepEqual(countInRange([5], 6, 9), 0));
