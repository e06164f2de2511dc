import { test } from "node:test";
import assert from "node:assert/strict";
import { unique } from "./unique.mjs";

test("repeats", () => assert.deepEqual(unique([3, 1, 3, 2, 1]), [3, 1, 2]));
test("no repeats", () => assert.deepEqual(unique([1, 2]), [1, 2]));
test("empty", () => assert.deepEqual(unique([]), []));
