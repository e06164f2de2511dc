import { test } from "node:test";
import assert from "node:assert/strict";
import { splitByParity } from "./split_by_parity.js";

test("case 0: splitByParity([])", () => assert.deepEqual(splitByParity([]), [[], [], 0, 0]));
test("case 1: splitByParity([7, 9, 10])", () => assert.deepEqual(splitByParity([7, 9, 10]), [[10], [7, 9], 10, 16]));
test("case 2: splitByParity([-4, 2])", () => assert.deepEqual(splitByParity([-4, 2]), [[-4, 2], [], -2, 0]));
