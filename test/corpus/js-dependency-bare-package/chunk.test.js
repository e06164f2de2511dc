import { test } from "node:test";
import assert from "node:assert/strict";
import { chunk } from "./chunk.js";

test("chunks", () => assert.deepEqual(chunk([1, 2, 3], 2), [[1, 2], [3]]));
