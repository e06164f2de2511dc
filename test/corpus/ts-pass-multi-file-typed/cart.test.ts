import { test } from "node:test";
import assert from "node:assert/strict";
import { total } from "./cart.js";

test("total", () => assert.equal(total([{ sku: "tea", quantity: 2 }, { sku: "cake", quantity: 1 }]), 11));
