import { test } from "node:test";
import assert from "node:assert/strict";
import { compound } from "./compound.js";

test("case 0: compound(100, 0.5, 0)", () => assert.deepEqual(compound(100, 0.5, 0), 100));
test("case 1: compound(200, 1, 3)", () => assert.deepEqual(compound(200, 1, 3), 1600));
test("case 2: compound(10, 0.2, 2)", () => assert.deepEqual(compound(10, 0.2, 2), 14.4));
