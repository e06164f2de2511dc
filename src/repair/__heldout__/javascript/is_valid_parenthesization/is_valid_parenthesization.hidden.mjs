import { test } from "node:test";
import assert from "node:assert/strict";
import { isValidParenthesization } from "./is_valid_parenthesization.mjs";

function balanced(s) {
  while (s.includes("()")) s = s.replace("()", "");
  return s === "";
}

test("every string up to ten characters", () => {
  for (let n = 0; n <= 10; n++) {
    for (let bits = 0; bits < 2 ** n; bits++) {
      const s = Array.from({ length: n }, (_, i) => ((bits >> i) & 1 ? ")" : "(")).join("");
      assert.equal(isValidParenthesization(s), balanced(s), s);
    }
  }
});
