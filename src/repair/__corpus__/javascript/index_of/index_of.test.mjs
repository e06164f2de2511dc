import { test } from "node:test";
import assert from "node:assert/strict";
import { indexOf } from "./index_of.mjs";

test("first", () => assert.equal(indexOf([4, 5, 6], 4), 0));
test("last", () => assert.equal(indexOf([4, 5, 6], 6), 2));
test("missing", () => assert.equal(indexOf([4, 5, 6], 7), -1));
