import { test } from "node:test";
import assert from "node:assert/strict";
import { countMatches } from "./count_matches.js";

test("case 0: countMatches('a', 'banana')", () => assert.deepEqual(countMatches('a', 'banana'), 3));
test("case 1: countMatches('ana', 'banana')", () => assert.deepEqual(countMatches('ana', 'banana'), 2));
