import { test } from "node:test";
import assert from "node:assert/strict";
import { splitByParity } from "./split_by_parity.js";

test("case 0: splitByParity([1, 2, 3])", () => assert.deepEqual(splitByParity([1, 2, 3]), [[2], [1, 3], 2, 4]));
test("case 1: splitByParity([4, 6])", () => assert.deepEqual(splitByParity([4, 6]), [[4, 6], [], 10, 0]));
test("case 2: splitByParity([5])", () => assert.deepEqual(splitByParity([5]), [[], [5], 0, 5]));
