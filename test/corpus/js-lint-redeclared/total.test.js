import { test } from "node:test";
import assert from "node:assert/strict";
import { total } from "./total.js";

test("totals", () => assert.equal(total([1, 2]), 3));
