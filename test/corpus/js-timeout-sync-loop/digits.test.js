import { test } from "node:test";
import assert from "node:assert/strict";
import { countDigits } from "./digits.js";

test("zero", () => assert.equal(countDigits(0), 0));
test("many", () => assert.equal(countDigits(12345), 5));
test("negative", () => assert.equal(countDigits(-5), 1));
