import { test } from "node:test";
import assert from "node:assert/strict";
import { factorial } from "./factorial.js";

test("case 0: factorial(0)", () => assert.deepEqual(factorial(0), 1));
test("case 1: factorial(1)", () => assert.deepEqual(factorial(1), 1));
test("case 2: factorial(5)", () => assert.deepEqual(factorial(5), 120));
