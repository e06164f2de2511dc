import { test } from "node:test";
import assert from "node:assert/strict";
import { total } from "./cart.js";

test("total", () => assert.equal(total(["tea", "cake"]), 8));
