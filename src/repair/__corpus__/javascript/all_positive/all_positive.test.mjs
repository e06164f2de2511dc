import { test } from "node:test";
import assert from "node:assert/strict";
import { allPositive } from "./all_positive.mjs";

test("all", () => assert.equal(allPositive([1, 2, 3]), true));
test("one negative", () => assert.equal(allPositive([1, -2, 3]), false));
test("empty", () => assert.equal(allPositive([]), true));
