import { test } from "node:test";
import assert from "node:assert/strict";
import { squares } from "./squares.mjs";

test("squares", () => assert.deepEqual(squares(4), [0, 1, 4, 9]));
test("none", () => assert.deepEqual(squares(0), []));
