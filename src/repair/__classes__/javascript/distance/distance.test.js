import { test } from "node:test";
import assert from "node:assert/strict";
import { distance } from "./distance.js";

test("case 0: distance([0, 0], [3, 4])", () => assert.deepEqual(distance([0, 0], [3, 4]), 5));
test("case 1: distance([1, 1], [1, 1])", () => assert.deepEqual(distance([1, 1], [1, 1]), 0));
test("case 2: distance([0, 0], [0, 2])", () => assert.deepEqual(distance([0, 0], [0, 2]), 2));
