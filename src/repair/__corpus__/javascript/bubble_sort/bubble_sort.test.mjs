import { test } from "node:test";
import assert from "node:assert/strict";
import { bubbleSort } from "./bubble_sort.mjs";

test("reverse", () => assert.deepEqual(bubbleSort([4, 3, 2, 1]), [1, 2, 3, 4]));
test("sorted", () => assert.deepEqual(bubbleSort([1, 2, 3]), [1, 2, 3]));
test("pair", () => assert.deepEqual(bubbleSort([2, 1]), [1, 2]));
