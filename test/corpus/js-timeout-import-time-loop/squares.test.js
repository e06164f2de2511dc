import { test } from "node:test";
import assert from "node:assert/strict";
import { square } from "./squares.js";

test("cached", () => assert.equal(square(3), 9));
test("computed", () => assert.equal(square(7), 49));
