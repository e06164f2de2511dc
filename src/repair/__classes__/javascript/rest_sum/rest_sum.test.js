import { test } from "node:test";
import assert from "node:assert/strict";
import { head, restSum } from "./rest_sum.js";

test("case 0: restSum([1, 2, 3], 1)", () => assert.deepEqual(restSum([1, 2, 3], 1), 5));
test("case 1: restSum([4], 0)", () => assert.deepEqual(restSum([4], 0), 4));
