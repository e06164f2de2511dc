import { test } from "node:test";
import assert from "node:assert/strict";
import { Account, InsufficientFunds } from "./account.js";

test("withdraw everything", () => {
  assert.equal(new Account("ann", 80).withdraw(80), 0);
});

test("withdraw most of it", () => {
  assert.equal(new Account("ann", 100).withdraw(90), 10);
});

test("overdraw by one", () => {
  const acct = new Account("ann", 10);
  assert.throws(() => acct.withdraw(11), InsufficientFunds);
  assert.equal(acct.balance, 10);
});
