import { test } from "node:test";
import assert from "node:assert/strict";
import { windowSums } from "./window_sums.mjs";

test("pairs", () => assert.deepEqual(windowSums([1, 2, 3, 4], 2), [3, 5, 7]));
test("whole", () => assert.deepEqual(windowSums([1, 2, 3], 3), [6]));
test("single", () => assert.deepEqual(windowSums([5, 6], 1), [5, 6]));
