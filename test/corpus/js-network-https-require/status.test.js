const { test } = require("node:test");
const assert = require("node:assert/strict");
const { status } = require("./status");

test("status", async () => assert.equal(await status("https://example.org"), 200));
