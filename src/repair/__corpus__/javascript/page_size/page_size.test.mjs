import { test } from "node:test";
import assert from "node:assert/strict";
import { pageSize } from "./page_size.mjs";

test("given", () => assert.equal(pageSize(25), 25));
test("zero", () => assert.equal(pageSize(0), 0));
test("missing", () => assert.equal(pageSize(undefined), 10));
test("null", () => assert.equal(pageSize(null), 10));
