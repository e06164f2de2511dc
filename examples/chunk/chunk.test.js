import { test } from "node:test";
import assert from "node:assert/strict";
import { chunk } from "./chunk.js";

test("splits evenly", () => assert.deepEqual(chunk([1, 2, 3, 4], 2), [[1, 2], [3, 4]]));
test("keeps the remainder in a last, shorter piece", () => assert.deepEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]));
test("a size larger than the array gives one piece", () => assert.deepEqual(chunk([1, 2], 5), [[1, 2]]));
test("an empty array gives no pieces", () => assert.deepEqual(chunk([], 3), []));
test("rejects a size below 1", () => assert.throws(() => chunk([1], 0), RangeError));
