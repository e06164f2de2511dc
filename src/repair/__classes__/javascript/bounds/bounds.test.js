import { test } from "node:test";
import assert from "node:assert/strict";
import { bounds } from "./bounds.js";

test("case 0: bounds([[0, 0], [2, 3]])", () => assert.deepEqual(bounds([[0, 0], [2, 3]]), { minX: 0, minY: 0, maxX: 2, maxY: 3 }));
test("case 1: bounds([[1, 1]])", () => assert.deepEqual(bounds([[1, 1]]), { minX: 1, minY: 1, maxX: 1, maxY: 1 }));
