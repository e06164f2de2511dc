// The overfitting guard's Node runner (differential-runner.mjs): each version of the program in a
// fresh node process, called on the same inputs, each outcome reported as what the guard compares.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runNode, workFolder } from "./helpers.mjs";

const PROGRAM = `export function head(xs, n = 1) {
  console.log("noise");
  return xs.slice(0, n);
}
`;

/** Runs the versions on the inputs: each version's outcomes by its id. */
function outcomes(entry, versions, inputs) {
  const config = { entry, versions: "versions.json", inputs, callTimeoutMs: 200, versionTimeoutMs: 5000 };
  const dir = workFolder(
    { "differential-runner.mjs": "__mend_differential.mjs" },
    { [entry]: "", "package.json": JSON.stringify({ type: "module" }), "versions.json": JSON.stringify(versions), "config.json": JSON.stringify(config) },
  );
  const done = runNode(dir, ["__mend_differential.mjs", "config.json"]);
  assert.equal(done.status, 0, done.stderr);
  const marker = "@@mend ";
  return Object.fromEntries(
    done.stdout
      .split("\n")
      .filter((line) => line.startsWith(marker))
      .map((line) => JSON.parse(line.slice(marker.length)))
      .map((event) => [event.id, event.outcomes]),
  );
}

test("each version reports results, arguments afterwards, errors, timeouts and a process that died", () => {
  const inputs = [
    { name: "head", args: "[[3, 1, 2]]" },
    { name: "head", args: "[[3, 1, 2], 2]" },
    { name: "tail", args: "[[]]" },
  ];
  const versions = [
    { id: -1, code: PROGRAM },
    // Sorts its argument in place and answers a promise: the same first element, not the same arguments afterwards.
    { id: 0, code: PROGRAM.replace("return xs.slice(0, n);", "xs.sort();\n  return Promise.resolve(n < 2 ? xs.slice(0, n) : null);") },
    { id: 1, code: "export function head(xs) {\n  for (;;) {}\n}\n" },
    { id: 2, code: "export function head(xs) {\n  process.exit(3);\n}\n" },
    { id: 3, code: "export function head(xs) {\n  return xs.missing.length;\n}\n" },
  ];
  const found = outcomes("head.js", versions, inputs);
  assert.deepEqual(found[-1], ["=[ 3 ] args [ [ 3, 1, 2 ] ]", "=[ 3, 1 ] args [ [ 3, 1, 2 ], 2 ]", "!missing"]);
  assert.deepEqual(found[0], ["=[ 1 ] args [ [ 1, 2, 3 ] ]", "=null args [ [ 1, 2, 3 ], 2 ]", "!missing"]);
  assert.deepEqual(found[1], ["!timeout", "!timeout", "!missing"]);
  assert.deepEqual(found[2], ["!killed", "!killed", "!killed"]);
  assert.deepEqual(found[3], ["!TypeError", "!TypeError", "!missing"]);
});

test("an object's scenario reports each call and the object's state after it, and a private field stays out of it", () => {
  const account = `export class Account {
  #audit = [];
  constructor(owner, balance = 0) {
    this.owner = owner;
    this.balance = balance;
  }
  withdraw(amount) {
    if (amount > this.balance) throw new RangeError("insufficient funds");
    this.balance -= amount;
    this.#audit.push(amount);
    return this.balance;
  }
}
`;
  const steps = [
    { method: "withdraw", args: "[30]" },
    { method: "withdraw", args: "[80]" },
    { method: "close", args: "[]" },
  ];
  const inputs = [{ kind: "object", name: "Account", args: '["ann", 100]', steps }];
  // Lets the balance go below zero: the second withdrawal answers instead of throwing.
  const versions = [
    { id: -1, code: account },
    { id: 0, code: account.replace("amount > this.balance", "amount > this.balance + 100") },
  ];
  const found = outcomes("account.js", versions, inputs);
  assert.deepEqual(found[-1], [
    [
      "new Account { balance: 100, owner: 'ann' }",
      "withdraw =70 args [ 30 ] state Account { balance: 70, owner: 'ann' }",
      "withdraw !RangeError state Account { balance: 70, owner: 'ann' }",
      "close !missing",
    ].join(" | "),
  ]);
  assert.equal(found[0][0].split(" | ")[2], "withdraw =-10 args [ 80 ] state Account { balance: -10, owner: 'ann' }");
});
