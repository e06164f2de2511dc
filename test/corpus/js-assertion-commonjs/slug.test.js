const { test } = require("node:test");
const assert = require("node:assert/strict");
const { slugify } = require("./slug.js");

test("lowercases", () => {
  assert.equal(slugify("Hello World"), "hello-world");
});
