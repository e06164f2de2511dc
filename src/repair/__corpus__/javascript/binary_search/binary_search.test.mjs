import { test } from "node:test";
import assert from "node:assert/strict";
import { binarySearch } from "./binary_search.mjs";

test("found in the middle", () => assert.equal(binarySearch([1, 3, 5, 7, 9], 5), 2));
test("found on the left", () => assert.equal(binarySearch([1, 3, 5, 7, 9], 1), 0));
test("found on the right", () => assert.equal(binarySearch([1, 3, 5, 7, 9], 9), 4));
test("missing", () => assert.equal(binarySearch([1, 3, 5, 7, 9], 4), -1));
test("empty", () => assert.equal(binarySearch([], 1), -1));
