import { test } from "node:test";
import assert from "node:assert/strict";
import { cartTotal } from "./cart.js";

test("total", () => assert.equal(cartTotal([5, 5], 2), 8));
