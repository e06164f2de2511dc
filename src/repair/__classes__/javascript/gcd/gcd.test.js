import { test } from "node:test";
import assert from "node:assert/strict";
import { gcd } from "./gcd.js";

test("case 0: gcd(12, 8)", () => assert.deepEqual(gcd(12, 8), 4));
test("case 1: gcd(7, 0)", () => assert.deepEqual(gcd(7, 0), 7));
test("case 2: gcd(9, 6)", () => assert.deepEqual(gcd(9, 6), 3));
