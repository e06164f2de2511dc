import { test } from "node:test";
import assert from "node:assert/strict";
import { squeeze } from "./squeeze.js";

test("case 0: squeeze('a  b')", () => assert.deepEqual(squeeze("a  b"), "a b"));
test("case 1: squeeze('')", () => assert.deepEqual(squeeze(""), ""));
test("case 2: squeeze('x   y z')", () => assert.deepEqual(squeeze("x   y z"), "x y z"));
