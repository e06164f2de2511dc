import { test } from "node:test";
import assert from "node:assert/strict";
import { argmax } from "./argmax.js";

test("case 0: argmax([3, 9, 2])", () => assert.deepEqual(argmax([3, 9, 2]), 1));
test("case 1: argmax([5])", () => assert.deepEqual(argmax([5]), 0));
