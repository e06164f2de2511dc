import { test } from "node:test";
import assert from "node:assert/strict";
import { average } from "./average.js";

test("case 0: average([2, 4])", () => assert.deepEqual(average([2, 4]), 3));
test("case 1: average([-1, 1])", () => assert.deepEqual(average([-1, 1]), 0));
test("case 2: average([])", () => assert.deepEqual(average([]), 0));
test("case 3: average([10, 20, 30, 40])", () => assert.deepEqual(average([10, 20, 30, 40]), 25));
