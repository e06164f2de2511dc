import { test } from "node:test";
import assert from "node:assert/strict";
import { pagesNeeded } from "./pages.mjs";

test("exact", () => assert.equal(pagesNeeded(20, 10), 2));
test("partial page", () => assert.equal(pagesNeeded(21, 10), 3));
test("few items", () => assert.equal(pagesNeeded(3, 10), 1));
