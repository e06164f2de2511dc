import { test } from "node:test";
import assert from "node:assert/strict";
import { invoiceTotal } from "./invoice_total.mjs";

test("with tax", () => assert.equal(invoiceTotal(100, 0.25, 5), 130));
test("no tax", () => assert.equal(invoiceTotal(40, 0, 0), 40));
test("shipping only", () => assert.equal(invoiceTotal(0, 0.5, 7), 7));
