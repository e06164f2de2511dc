import { test } from "node:test";
import assert from "node:assert/strict";
import { sumTo } from "./sum_to.mjs";

test("ten", () => assert.equal(sumTo(10), 55));
test("zero", () => assert.equal(sumTo(0), 0));
test("one", () => assert.equal(sumTo(1), 1));
