import { test } from "node:test";
import assert from "node:assert/strict";
import { durations } from "./durations.js";

test("case 0: durations([[5, 5]])", () => assert.deepEqual(durations([[5, 5]]), [0]));
test("case 1: durations([[600, 1020], [10, 11]])", () => assert.deepEqual(durations([[600, 1020], [10, 11]]), [420, 1]));
test("case 2: durations([[0, 1439]])", () => assert.deepEqual(durations([[0, 1439]]), [1439]));
