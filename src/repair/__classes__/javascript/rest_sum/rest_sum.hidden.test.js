import { test } from "node:test";
import assert from "node:assert/strict";
import { head, restSum } from "./rest_sum.js";

test("case 0: restSum([1, 2, 3], 3)", () => assert.deepEqual(restSum([1, 2, 3], 3), 0));
test("case 1: restSum([5, 6, 7], 2)", () => assert.deepEqual(restSum([5, 6, 7], 2), 7));
