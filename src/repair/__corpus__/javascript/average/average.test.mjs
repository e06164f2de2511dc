import { test } from "node:test";
import assert from "node:assert/strict";
import { average } from "./average.mjs";

test("whole", () => assert.equal(average([2, 4, 6]), 4));
test("fraction", () => assert.equal(average([1, 2]), 1.5));
test("single", () => assert.equal(average([7]), 7));
