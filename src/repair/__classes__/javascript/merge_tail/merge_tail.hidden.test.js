import { test } from "node:test";
import assert from "node:assert/strict";
import { merge } from "./merge_tail.js";

test("case 0: merge([5], [1, 2, 3])", () => assert.deepEqual(merge([5], [1, 2, 3]), [1, 2, 3, 5]));
test("case 1: merge([2, 9], [])", () => assert.deepEqual(merge([2, 9], []), [2, 9]));
test("case 2: merge([1], [2, 3])", () => assert.deepEqual(merge([1], [2, 3]), [1, 2, 3]));
