import { test } from "node:test";
import assert from "node:assert/strict";
import { countLongWords } from "./count_long_words.js";

test("case 0: countLongWords('abc', 3)", () => assert.deepEqual(countLongWords("abc", 3), 1));
test("case 1: countLongWords('a b c', 1)", () => assert.deepEqual(countLongWords("a b c", 1), 3));
test("case 2: countLongWords('tiny words only', 9)", () => assert.deepEqual(countLongWords("tiny words only", 9), 0));
