import { test } from "node:test";
import assert from "node:assert/strict";
import { isValidParenthesization } from "./is_valid_parenthesization.mjs";

for (const [parens, expected] of [["((()()))()", true], [")()(", false], ["((", false], ["", true], ["()()", true], ["(()))(", false]]) {
  test(`isValidParenthesization(${JSON.stringify(parens)})`, () => assert.equal(isValidParenthesization(parens), expected));
}
