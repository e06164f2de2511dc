import { test } from "node:test";
import assert from "node:assert/strict";
import { countLongWords } from "./count_long_words.js";

test("case 0: countLongWords('a bb ccc', 2)", () => assert.deepEqual(countLongWords("a bb ccc", 2), 2));
test("case 1: countLongWords('hello world', 6)", () => assert.deepEqual(countLongWords("hello world", 6), 0));
test("case 2: countLongWords('one two three', 4)", () => assert.deepEqual(countLongWords("one two three", 4), 1));
