import { test } from "node:test";
import assert from "node:assert/strict";
import { invoiceLine } from "./invoice.js";

test("line", () => assert.equal(invoiceLine("tea", 250), "tea: $2.50"));
