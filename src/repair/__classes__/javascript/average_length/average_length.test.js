import { test } from "node:test";
import assert from "node:assert/strict";
import { averageLength } from "./average_length.js";

test("case 0: averageLength(['ab', 'abcd'])", () => assert.deepEqual(averageLength(['ab', 'abcd']), 3));
test("case 1: averageLength(['x'])", () => assert.deepEqual(averageLength(['x']), 1));
