import { test } from "node:test";
import assert from "node:assert/strict";
import { sumOfSquares, norm } from "./sum_of_squares.js";

test("case 0: sumOfSquares([1, 2])", () => assert.deepEqual(sumOfSquares([1, 2]), 5));
test("case 1: norm([3, 4])", () => assert.deepEqual(norm([3, 4]), 5));
