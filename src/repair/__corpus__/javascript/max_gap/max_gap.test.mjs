import { test } from "node:test";
import assert from "node:assert/strict";
import { maxGap } from "./max_gap.mjs";

test("gaps", () => assert.equal(maxGap([1, 2, 6, 7]), 4));
test("single", () => assert.equal(maxGap([5]), 0));
test("even spacing", () => assert.equal(maxGap([0, 3, 6, 9]), 3));
