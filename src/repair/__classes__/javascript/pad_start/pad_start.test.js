import { test } from "node:test";
import assert from "node:assert/strict";
import { padLeft } from "./pad_start.js";

test("case 0: padLeft('7', 3, '0')", () => assert.deepEqual(padLeft('7', 3, '0'), '007'));
test("case 1: padLeft('abc', 2)", () => assert.deepEqual(padLeft('abc', 2), 'abc'));
