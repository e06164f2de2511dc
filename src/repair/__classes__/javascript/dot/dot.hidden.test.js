import { test } from "node:test";
import assert from "node:assert/strict";
import { dot } from "./dot.js";

test("case 0: dot([1, 0], [0, 1])", () => assert.deepEqual(dot([1, 0], [0, 1]), 0));
test("case 1: dot([3, 3, 3], [1, 2, 3])", () => assert.deepEqual(dot([3, 3, 3], [1, 2, 3]), 18));
test("case 2: dot([-1, 2], [4, 1])", () => assert.deepEqual(dot([-1, 2], [4, 1]), -2));
