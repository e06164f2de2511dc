import { test } from "node:test";
import assert from "node:assert/strict";
import { pageSize } from "./config.js";

test("page size", () => assert.equal(pageSize(), 20));
