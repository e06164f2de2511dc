import { test } from "node:test";
import assert from "node:assert/strict";
import { share } from "./share.js";

test("case 0: share(1, 3)", () => assert.deepEqual(share(1, 3), 33.3));
test("case 1: share(0, 5)", () => assert.deepEqual(share(0, 5), 0));
