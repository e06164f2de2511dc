import { test } from "node:test";
import assert from "node:assert/strict";
import { factorial } from "./factorial.js";

test("case 0: factorial(3)", () => assert.deepEqual(factorial(3), 6));
test("case 1: factorial(10)", () => assert.deepEqual(factorial(10), 3628800));
