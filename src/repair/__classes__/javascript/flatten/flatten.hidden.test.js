import { test } from "node:test";
import assert from "node:assert/strict";
import { flatten } from "./flatten.js";

test("case 0: flatten([[1], 2])", () => assert.deepEqual(flatten([[1], 2]), [1, 2]));
test("case 1: flatten([[[]]])", () => assert.deepEqual(flatten([[[]]]), []));
