import { test } from "node:test";
import assert from "node:assert/strict";
import { quicksort } from "./quicksort.js";

test("case 0: quicksort([])", () => assert.deepEqual(quicksort([]), []));
test("case 1: quicksort([3, 1, 2])", () => assert.deepEqual(quicksort([3, 1, 2]), [1, 2, 3]));
