import { test } from "node:test";
import assert from "node:assert/strict";
import { gcd } from "./gcd.js";

test("case 0: gcd(0, 5)", () => assert.deepEqual(gcd(0, 5), 5));
test("case 1: gcd(17, 5)", () => assert.deepEqual(gcd(17, 5), 1));
test("case 2: gcd(100, 75)", () => assert.deepEqual(gcd(100, 75), 25));
test("case 3: gcd(6, 6)", () => assert.deepEqual(gcd(6, 6), 6));
