import { test } from "node:test";
import assert from "node:assert/strict";
import { argmax } from "./argmax.js";

test("case 0: argmax([1, 2, 3])", () => assert.deepEqual(argmax([1, 2, 3]), 2));
test("case 1: argmax([7, 7, 1])", () => assert.deepEqual(argmax([7, 7, 1]), 0));
