import { test } from "node:test";
import assert from "node:assert/strict";
import { countVowels } from "./count_vowels.js";

test("case 0: countVowels('banana')", () => assert.deepEqual(countVowels("banana"), 3));
test("case 1: countVowels('sky')", () => assert.deepEqual(countVowels("sky"), 0));
test("case 2: countVowels('Echo')", () => assert.deepEqual(countVowels("Echo"), 2));
