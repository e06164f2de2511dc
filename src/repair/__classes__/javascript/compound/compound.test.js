import { test } from "node:test";
import assert from "node:assert/strict";
import { compound } from "./compound.js";

test("case 0: compound(100, 0.1, 2)", () => assert.deepEqual(compound(100, 0.1, 2), 121));
test("case 1: compound(50, 0, 3)", () => assert.deepEqual(compound(50, 0, 3), 50));
test("case 2: compound(1000, 0.05, 1)", () => assert.deepEqual(compound(1000, 0.05, 1), 1050));
