import { test } from "node:test";
import assert from "node:assert/strict";
import { hasPrefix } from "./starts_with.js";

test("case 0: hasPrefix('abc', '')", () => assert.deepEqual(hasPrefix('abc', ''), true));
test("case 1: hasPrefix('xyz', 'y')", () => assert.deepEqual(hasPrefix('xyz', 'y'), false));
