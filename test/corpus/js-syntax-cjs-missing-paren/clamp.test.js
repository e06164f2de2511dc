const { test } = require("node:test");
const assert = require("node:assert/strict");
const { clamp } = require("./clamp");

test("clamps", () => assert.equal(clamp(-1, 0, 5), 0));
