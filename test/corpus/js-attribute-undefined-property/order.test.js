import { test } from "node:test";
import assert from "node:assert/strict";
import { itemCount } from "./order.js";

test("counts lines", () => assert.equal(itemCount({ lines: [1, 2] }), 2));
