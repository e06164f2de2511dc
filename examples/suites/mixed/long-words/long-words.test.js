import assert from "node:assert/strict";
import { test } from "node:test";
import { countLongWords } from "./long-words.js";

test("no words", () => assert.equal(countLongWords([], 3), 0));
test("counts words of exactly the minimum length", () => assert.equal(countLongWords(["a", "abc", "abcd"], 3), 2));
test("counts every word when the minimum is zero", () => assert.equal(countLongWords(["", "x"], 0), 2));
test("skips short words", () => assert.equal(countLongWords(["to", "be", "or"], 3), 0));
