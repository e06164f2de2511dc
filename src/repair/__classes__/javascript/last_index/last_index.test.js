import { test } from "node:test";
import assert from "node:assert/strict";
import { lastIndex } from "./last_index.js";

test("case 0: lastIndex([1, 2, 1], 1)", () => assert.deepEqual(lastIndex([1, 2, 1], 1), 2));
test("case 1: lastIndex([4, 5], 4)", () => assert.deepEqual(lastIndex([4, 5], 4), 0));
test("case 2: lastIndex([4, 5], 9)", () => assert.deepEqual(lastIndex([4, 5], 9), -1));
