import { test } from "node:test";
import assert from "node:assert/strict";
import { sumOfSquares, norm } from "./sum_of_squares.js";

test("case 0: sumOfSquares([])", () => assert.deepEqual(sumOfSquares([]), 0));
test("case 1: sumOfSquares([-3])", () => assert.deepEqual(sumOfSquares([-3]), 9));
test("case 2: norm([6, 8])", () => assert.deepEqual(norm([6, 8]), 10));
