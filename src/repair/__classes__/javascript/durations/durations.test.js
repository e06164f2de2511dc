import { test } from "node:test";
import assert from "node:assert/strict";
import { durations } from "./durations.js";

test("case 0: durations([[60, 90]])", () => assert.deepEqual(durations([[60, 90]]), [30]));
test("case 1: durations([[0, 15], [100, 160]])", () => assert.deepEqual(durations([[0, 15], [100, 160]]), [15, 60]));
test("case 2: durations([])", () => assert.deepEqual(durations([]), []));
