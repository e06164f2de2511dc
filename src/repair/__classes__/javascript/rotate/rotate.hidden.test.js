import { test } from "node:test";
import assert from "node:assert/strict";
import { rotateLeft } from "./rotate.js";

test("case 0: rotateLeft([1, 2, 3, 4], 2)", () => assert.deepEqual(rotateLeft([1, 2, 3, 4], 2), [3, 4, 1, 2]));
test("case 1: rotateLeft([1, 2, 3], 4)", () => assert.deepEqual(rotateLeft([1, 2, 3], 4), [2, 3, 1]));
