import { test } from "node:test";
import assert from "node:assert/strict";
import { isPalindrome } from "./palindrome.mjs";

test("sentence", () => assert.equal(isPalindrome("A man, a plan, a canal: Panama"), true));
test("word", () => assert.equal(isPalindrome("Level"), true));
test("not a palindrome", () => assert.equal(isPalindrome("palindrome"), false));
