import { test } from "node:test";
import assert from "node:assert/strict";
import { digitSum } from "./digit_sum.mjs";

test("three digits", () => assert.equal(digitSum(123), 6));
test("zero", () => assert.equal(digitSum(0), 0));
test("nines", () => assert.equal(digitSum(999), 27));
