import { test } from "node:test";
import assert from "node:assert/strict";
import { Square } from "./shapes.js";

test("square area", () => assert.equal(new Square(3).area(), 9));
