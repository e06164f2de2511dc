import { test } from "node:test";
import assert from "node:assert/strict";
import { grade } from "./grade.mjs";

test("A", () => assert.equal(grade(95), "A"));
test("B boundary", () => assert.equal(grade(80), "B"));
test("C", () => assert.equal(grade(75), "C"));
test("F", () => assert.equal(grade(10), "F"));
