import { test } from "node:test";
import assert from "node:assert/strict";
import { power, powersOfTwo } from "./power_helpers.mjs";

test("power", () => assert.equal(power(3, 4), 81));
test("powers of two", () => assert.deepEqual(powersOfTwo(5), [1, 2, 4, 8, 16]));
test("none", () => assert.deepEqual(powersOfTwo(0), []));
