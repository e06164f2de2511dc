import { test } from "node:test";
import assert from "node:assert/strict";
import { meanAndMax } from "./mean_and_max.js";

test("case 0: meanAndMax([5])", () => assert.deepEqual(meanAndMax([5]), [5, 5]));
test("case 1: meanAndMax([1, 10])", () => assert.deepEqual(meanAndMax([1, 10]), [5, 10]));
test("case 2: meanAndMax([7, 2, 2])", () => assert.deepEqual(meanAndMax([7, 2, 2]), [3, 7]));
