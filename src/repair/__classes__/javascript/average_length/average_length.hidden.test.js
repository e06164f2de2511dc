import { test } from "node:test";
import assert from "node:assert/strict";
import { averageLength } from "./average_length.js";

test("case 0: averageLength(['a', 'bb', 'ccc'])", () => assert.deepEqual(averageLength(['a', 'bb', 'ccc']), 2));
test("case 1: averageLength(['hello', 'hi'])", () => assert.deepEqual(averageLength(['hello', 'hi']), 3.5));
