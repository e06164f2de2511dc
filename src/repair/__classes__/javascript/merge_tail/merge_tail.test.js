import { test } from "node:test";
import assert from "node:assert/strict";
import { merge } from "./merge_tail.js";

test("case 0: merge([1, 4], [2, 3, 5])", () => assert.deepEqual(merge([1, 4], [2, 3, 5]), [1, 2, 3, 4, 5]));
test("case 1: merge([], [1])", () => assert.deepEqual(merge([], [1]), [1]));
