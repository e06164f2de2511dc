import { test } from "node:test";
import assert from "node:assert/strict";
import { meanAndMax } from "./mean_and_max.js";

test("case 0: meanAndMax([1, 2])", () => assert.deepEqual(meanAndMax([1, 2]), [1, 2]));
test("case 1: meanAndMax([4, 4])", () => assert.deepEqual(meanAndMax([4, 4]), [4, 4]));
test("case 2: meanAndMax([3, 1, 2])", () => assert.deepEqual(meanAndMax([3, 1, 2]), [2, 3]));
