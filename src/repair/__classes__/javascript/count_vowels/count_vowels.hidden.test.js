import { test } from "node:test";
import assert from "node:assert/strict";
import { countVowels } from "./count_vowels.js";

test("case 0: countVowels('')", () => assert.deepEqual(countVowels(""), 0));
test("case 1: countVowels('AEIOU')", () => assert.deepEqual(countVowels("AEIOU"), 5));
test("case 2: countVowels('a')", () => assert.deepEqual(countVowels("a"), 1));
test("case 3: countVowels('rhythm and blues')", () => assert.deepEqual(countVowels("rhythm and blues"), 3));
