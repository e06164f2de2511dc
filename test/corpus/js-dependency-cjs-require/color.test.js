const { test } = require("node:test");
const assert = require("node:assert/strict");
const { warn } = require("./color");

test("warns", () => assert.ok(warn("x").includes("x")));
