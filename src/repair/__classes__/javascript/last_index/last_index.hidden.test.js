import { test } from "node:test";
import assert from "node:assert/strict";
import { lastIndex } from "./last_index.js";

test("case 0: lastIndex([], 1)", () => assert.deepEqual(lastIndex([], 1), -1));
test("case 1: lastIndex([7], 7)", () => assert.deepEqual(lastIndex([7], 7), 0));
test("case 2: lastIndex([3, 3, 3], 3)", () => assert.deepEqual(lastIndex([3, 3, 3], 3), 2));
