import { test } from "node:test";
import assert from "node:assert/strict";
import { Account, InsufficientFunds } from "./account.js";

test("a deposit adds to the balance", () => {
  const acct = new Account("ann", 10);
  acct.deposit(5);
  assert.equal(acct.balance, 15);
});

test("a withdrawal takes from the balance", () => {
  const acct = new Account("ann", 100);
  assert.equal(acct.withdraw(50), 50);
});

test("an account cannot be overdrawn", () => {
  const acct = new Account("bob", 20);
  assert.throws(() => acct.withdraw(50), InsufficientFunds);
});

test("the history lists each operation", () => {
  const acct = new Account("ann");
  acct.deposit(50);
  acct.withdraw(20);
  assert.deepEqual(acct.history, [["deposit", 50], ["withdraw", 20]]);
});
