import { test } from "node:test";
import assert from "node:assert/strict";
import { double } from "./big.js";

test("doubles a bigint", () => assert.equal(double(10n), 20n));
