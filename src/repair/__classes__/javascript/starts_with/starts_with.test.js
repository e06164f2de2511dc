import { test } from "node:test";
import assert from "node:assert/strict";
import { hasPrefix } from "./starts_with.js";

test("case 0: hasPrefix('Hello', 'he')", () => assert.deepEqual(hasPrefix('Hello', 'he'), true));
test("case 1: hasPrefix('a', 'abc')", () => assert.deepEqual(hasPrefix('a', 'abc'), false));
