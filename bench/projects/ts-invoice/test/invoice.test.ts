import { test } from "node:test";
import assert from "node:assert/strict";
import { invoiceTotal } from "../src/invoice.js";

test("invoice", () => {
  assert.equal(invoiceTotal([{ price: 3, qty: 4 }, { price: 10, qty: 1 }]), 22);
});
test("empty", () => {
  assert.equal(invoiceTotal([]), 0);
});
