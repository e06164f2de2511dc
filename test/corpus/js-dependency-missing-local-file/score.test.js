import { test } from "node:test";
import assert from "node:assert/strict";
import { score } from "./score.js";

test("clamps", () => assert.equal(score(120), 100));
