import { test } from "node:test";
import assert from "node:assert/strict";
import { stockValue } from "./inventory.js";

test("value", () => assert.equal(stockValue({ apple: 2, pear: 1, kiwi: 9 }), 7));
