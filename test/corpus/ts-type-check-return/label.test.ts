import { test } from "node:test";
import assert from "node:assert/strict";
import { label } from "./label.js";

test("one", () => assert.equal(label(1), "one item"));
