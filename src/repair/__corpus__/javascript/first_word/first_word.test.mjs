import { test } from "node:test";
import assert from "node:assert/strict";
import { firstWord } from "./first_word.mjs";

test("sentence", () => assert.equal(firstWord("hello big world"), "hello"));
test("blank", () => assert.equal(firstWord("   "), null));
test("missing", () => assert.equal(firstWord(undefined), null));
