import { test } from "node:test";
import assert from "node:assert/strict";
import { origin } from "./point.js";

test("origin", () => assert.deepEqual(origin(), { x: 0, y: 0 }));
