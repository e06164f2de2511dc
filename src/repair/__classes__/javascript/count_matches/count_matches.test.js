import { test } from "node:test";
import assert from "node:assert/strict";
import { countMatches } from "./count_matches.js";

test("case 0: countMatches('aa', 'aaa')", () => assert.deepEqual(countMatches('aa', 'aaa'), 2));
test("case 1: countMatches('ab', 'xaby')", () => assert.deepEqual(countMatches('ab', 'xaby'), 1));
