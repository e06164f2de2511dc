import { test } from "node:test";
import assert from "node:assert/strict";
import { sameLetters } from "./same_letters.js";

test("case 0: sameLetters('Listen', 'Silent')", () => assert.deepEqual(sameLetters("Listen", "Silent"), true));
test("case 1: sameLetters('abc', 'abd')", () => assert.deepEqual(sameLetters("abc", "abd"), false));
test("case 2: sameLetters('Dusty', 'study')", () => assert.deepEqual(sameLetters("Dusty", "study"), true));
