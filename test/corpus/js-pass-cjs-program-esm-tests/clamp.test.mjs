import { test } from "node:test";
import assert from "node:assert/strict";
import { clamp } from "./clamp.js";

test("clamps", () => assert.equal(clamp(12, 0, 10), 10));
