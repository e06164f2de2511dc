import { test } from "node:test";
import assert from "node:assert/strict";
import { trianglePerimeter } from "./perimeter.mjs";

test("equilateral", () => assert.equal(trianglePerimeter(2, 2, 2), 6));
test("scalene", () => assert.equal(trianglePerimeter(3, 4, 5), 12));
