import { test } from "node:test";
import assert from "node:assert/strict";
import { report } from "./report.js";

test("formats", () => assert.equal(report([{ name: "a", sum: 1 }]), "a         1.00"));
