import { test } from "node:test";
import assert from "node:assert/strict";
import { isEven } from "./parity.js";

test("four", () => assert.equal(isEven(4), true));
test("three", () => assert.equal(isEven(3), false));
