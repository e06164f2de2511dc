import { test } from "node:test";
import assert from "node:assert/strict";
import { average } from "./average.js";

test("case 0: average([1, 2, 3])", () => assert.deepEqual(average([1, 2, 3]), 2));
test("case 1: average([])", () => assert.deepEqual(average([]), 0));
test("case 2: average([5])", () => assert.deepEqual(average([5]), 5));
