import { test } from "node:test";
import assert from "node:assert/strict";
import { isLeapYear } from "./leap_year.mjs";

test("divisible by 400", () => assert.equal(isLeapYear(2000), true));
test("plain century", () => assert.equal(isLeapYear(1900), false));
test("ordinary leap year", () => assert.equal(isLeapYear(2024), true));
test("common year", () => assert.equal(isLeapYear(2023), false));
