import { test } from "node:test";
import assert from "node:assert/strict";
import { sameLetters } from "./same_letters.js";

test("case 0: sameLetters('', '')", () => assert.deepEqual(sameLetters("", ""), true));
test("case 1: sameLetters('ab', 'BA')", () => assert.deepEqual(sameLetters("ab", "BA"), true));
test("case 2: sameLetters('aab', 'abb')", () => assert.deepEqual(sameLetters("aab", "abb"), false));
test("case 3: sameLetters('Night', 'THING')", () => assert.deepEqual(sameLetters("Night", "THING"), true));
test("case 4: sameLetters('abd', 'abc')", () => assert.deepEqual(sameLetters("abd", "abc"), false));
