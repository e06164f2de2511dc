import { test } from "node:test";
import assert from "node:assert/strict";
import { contains } from "./contains.mjs";

test("first element", () => assert.equal(contains([7, 8], 7), true));
test("later element", () => assert.equal(contains([7, 8], 8), true));
test("absent", () => assert.equal(contains([7, 8], 9), false));
