import { test } from "node:test";
import assert from "node:assert/strict";
import { dot } from "./dot.js";

test("case 0: dot([1, 2], [3, 4])", () => assert.deepEqual(dot([1, 2], [3, 4]), 11));
test("case 1: dot([2], [5])", () => assert.deepEqual(dot([2], [5]), 10));
test("case 2: dot([], [])", () => assert.deepEqual(dot([], []), 0));
