const { test } = require("node:test");
const assert = require("node:assert/strict");
const { upload } = require("../src/upload");

test("three small files", () => {
  assert.deepEqual(upload([{ size: 1 }, { size: 2 }, { size: 3 }]), { ok: true, count: 3 });
});
test("too many", () => {
  assert.deepEqual(upload([{ size: 1 }, { size: 1 }, { size: 1 }, { size: 1 }]), { ok: false });
});
test("too big", () => {
  assert.deepEqual(upload([{ size: 1001 }]), { ok: false });
});
