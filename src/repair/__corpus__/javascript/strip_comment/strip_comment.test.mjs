import { test } from "node:test";
import assert from "node:assert/strict";
import { stripComment } from "./strip_comment.mjs";

test("comment", () => assert.equal(stripComment("x = 1;  // one"), "x = 1;"));
test("indent kept", () => assert.equal(stripComment("    y = 2;"), "    y = 2;"));
test("only a comment", () => assert.equal(stripComment("// nothing"), ""));
