import { test } from "node:test";
import assert from "node:assert/strict";
import { countdownSteps } from "./countdown.mjs";

test("exact", () => assert.equal(countdownSteps(6, 2), 3));
test("overshoot", () => assert.equal(countdownSteps(7, 2), 4));
test("already zero", () => assert.equal(countdownSteps(0, 3), 0));
