const test = require("node:test");
const assert = require("node:assert");
const { permalink } = require("../lib/title");

test("permalink", () => {
  assert.strictEqual(permalink("Hello, World!", 2024), "/2024/hello-world");
});
test("one word", () => {
  assert.strictEqual(permalink("News", 2023), "/2023/news");
});
