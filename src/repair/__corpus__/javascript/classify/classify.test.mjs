import { test } from "node:test";
import assert from "node:assert/strict";
import { classify } from "./classify.mjs";

test("negative", () => assert.equal(classify(-5), "negative"));
test("zero is normal", () => assert.equal(classify(0), "normal"));
test("hundred is normal", () => assert.equal(classify(100), "normal"));
test("big", () => assert.equal(classify(101), "big"));
