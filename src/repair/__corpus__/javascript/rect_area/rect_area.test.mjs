import { test } from "node:test";
import assert from "node:assert/strict";
import { rectArea, totalArea } from "./rect_area.mjs";

test("rect", () => assert.equal(rectArea(3, 4), 12));
test("total", () => assert.equal(totalArea([[1, 2], [3, 3]]), 11));
test("square", () => assert.equal(rectArea(5, 5), 25));
