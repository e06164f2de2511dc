import { test } from "node:test";
import assert from "node:assert/strict";
import { reverseWords } from "./reverse_words.mjs";

test("three words", () => assert.equal(reverseWords("one two three"), "three two one"));
test("single word", () => assert.equal(reverseWords("hello"), "hello"));
test("extra spaces", () => assert.equal(reverseWords("  a   b "), "b a"));
