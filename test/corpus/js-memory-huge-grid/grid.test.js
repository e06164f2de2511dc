import { test } from "node:test";
import assert from "node:assert/strict";
import { makeGrid, cell } from "./grid.js";

test("small", () => assert.equal(cell(makeGrid(3), 1, 1), 0));
test("large", () => assert.equal(makeGrid(100000).size, 100000));
