import { test } from "node:test";
import assert from "node:assert/strict";
import { sumUpTo } from "./range.js";

test("sums", () => assert.equal(sumUpTo(4), 10));
