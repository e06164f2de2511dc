import { test } from "node:test";
import assert from "node:assert/strict";
import { factorial } from "./factorial.mjs";

test("zero", () => assert.equal(factorial(0), 1));
test("five", () => assert.equal(factorial(5), 120));
test("one", () => assert.equal(factorial(1), 1));
