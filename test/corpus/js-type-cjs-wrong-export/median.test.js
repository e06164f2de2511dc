const { test } = require("node:test");
const assert = require("node:assert/strict");
const { median } = require("./median");

test("odd", () => {
  assert.equal(median([3, 1, 2]), 2);
});
