import { test } from "node:test";
import assert from "node:assert/strict";
import { meanOfPositive } from "./mean_of_positive.mjs";

test("mixed", () => assert.equal(meanOfPositive([2, -1, 4]), 3));
test("none positive", () => assert.equal(meanOfPositive([-1, 0]), 0));
test("single", () => assert.equal(meanOfPositive([5]), 5));
