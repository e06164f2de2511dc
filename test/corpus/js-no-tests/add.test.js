import assert from "node:assert/strict";
import { add } from "./add.js";

export function check(a, b, want) {
  assert.equal(add(a, b), want);
}
