import { test } from "node:test";
import assert from "node:assert/strict";
import { padLeft } from "./pad_start.js";

test("case 0: padLeft('', 2, '*')", () => assert.deepEqual(padLeft('', 2, '*'), '**'));
test("case 1: padLeft('ab', 4)", () => assert.deepEqual(padLeft('ab', 4), '  ab'));
