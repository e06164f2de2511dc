import { test } from "node:test";
import assert from "node:assert/strict";
import { repeatUntil } from "./repeat.js";

test("short", () => assert.equal(repeatUntil("ab", 5), "ababa"));
test("huge", () => assert.equal(repeatUntil("ab", 2 ** 40).length, 2 ** 40));
