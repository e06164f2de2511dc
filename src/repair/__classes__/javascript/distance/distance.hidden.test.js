import { test } from "node:test";
import assert from "node:assert/strict";
import { distance } from "./distance.js";

test("case 0: distance([0, 3], [0, 0])", () => assert.deepEqual(distance([0, 3], [0, 0]), 3));
test("case 1: distance([2, 0], [0, 0])", () => assert.deepEqual(distance([2, 0], [0, 0]), 2));
test("case 2: distance([1, 2], [4, 6])", () => assert.deepEqual(distance([1, 2], [4, 6]), 5));
test("case 3: distance([-1, -1], [2, 3])", () => assert.deepEqual(distance([-1, -1], [2, 3]), 5));
