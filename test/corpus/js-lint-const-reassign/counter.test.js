import { test } from "node:test";
import assert from "node:assert/strict";
import { countVowels } from "./counter.js";

test("counts", () => assert.equal(countVowels("banana"), 3));
