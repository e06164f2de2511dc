import { test } from "node:test";
import assert from "node:assert/strict";
import { evens } from "./evens.js";

test("no evens", () => assert.deepEqual(evens([1, 3]), []));
test("evens", () => assert.deepEqual(evens([1, 2, 4]), [2, 4]));
