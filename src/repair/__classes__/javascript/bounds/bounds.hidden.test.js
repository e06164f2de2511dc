import { test } from "node:test";
import assert from "node:assert/strict";
import { bounds } from "./bounds.js";

test("case 0: bounds([[5, -1], [2, 4], [3, 0]])", () => assert.deepEqual(bounds([[5, -1], [2, 4], [3, 0]]), { minX: 2, minY: -1, maxX: 5, maxY: 4 }));
