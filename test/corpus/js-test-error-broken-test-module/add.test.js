import { test } from "node:test";
import assert from "node:assert/strict";
import { add } from "./add.js";

const cases = loadCases("cases.json");

for (const [a, b, want] of cases) {
  test(`${a} + ${b}`, () => assert.equal(add(a, b), want));
}
