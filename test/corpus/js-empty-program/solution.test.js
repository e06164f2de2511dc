import { test } from "node:test";
import assert from "node:assert/strict";
import { solve } from "./solution.js";

test("solves", () => assert.equal(solve(1), 1));
