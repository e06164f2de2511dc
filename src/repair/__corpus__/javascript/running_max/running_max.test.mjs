import { test } from "node:test";
import assert from "node:assert/strict";
import { runningMax } from "./running_max.mjs";

test("rising", () => assert.deepEqual(runningMax([1, 3, 2, 5]), [1, 3, 3, 5]));
test("falling", () => assert.deepEqual(runningMax([9, 4, 1]), [9, 9, 9]));
test("empty", () => assert.deepEqual(runningMax([]), []));
