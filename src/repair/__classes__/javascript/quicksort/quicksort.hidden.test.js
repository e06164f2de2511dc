import { test } from "node:test";
import assert from "node:assert/strict";
import { quicksort } from "./quicksort.js";

test("case 0: quicksort([5, 5, 1])", () => assert.deepEqual(quicksort([5, 5, 1]), [1, 5, 5]));
test("case 1: quicksort([4, -1, 7, 0])", () => assert.deepEqual(quicksort([4, -1, 7, 0]), [-1, 0, 4, 7]));
