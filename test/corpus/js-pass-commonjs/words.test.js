const { test } = require("node:test");
const assert = require("node:assert/strict");
const { wordCount } = require("./words");

test("counts", () => assert.equal(wordCount(" a b  c "), 3));
test("empty", () => assert.equal(wordCount(""), 0));
