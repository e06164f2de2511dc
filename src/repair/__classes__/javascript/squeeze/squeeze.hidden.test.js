import { test } from "node:test";
import assert from "node:assert/strict";
import { squeeze } from "./squeeze.js";

test("case 0: squeeze('   ')", () => assert.deepEqual(squeeze("   "), " "));
test("case 1: squeeze('ab')", () => assert.deepEqual(squeeze("ab"), "ab"));
test("case 2: squeeze(' a ')", () => assert.deepEqual(squeeze(" a "), " a "));
test("case 3: squeeze('one  two   three')", () => assert.deepEqual(squeeze("one  two   three"), "one two three"));
