import { test } from "node:test";
import assert from "node:assert/strict";
import { safeRatio } from "./safe_ratio.mjs";

test("half", () => assert.equal(safeRatio(1, 2), 0.5));
test("zero whole", () => assert.equal(safeRatio(5, 0), 0));
test("zero part", () => assert.equal(safeRatio(0, 9), 0));
