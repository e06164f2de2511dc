import { test } from "node:test";
import assert from "node:assert/strict";
import { chunks } from "./chunks.mjs";

test("even", () => assert.deepEqual(chunks([1, 2, 3, 4], 2), [[1, 2], [3, 4]]));
test("ragged", () => assert.deepEqual(chunks([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]));
test("empty", () => assert.deepEqual(chunks([], 3), []));
