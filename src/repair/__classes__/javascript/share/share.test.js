import { test } from "node:test";
import assert from "node:assert/strict";
import { share } from "./share.js";

test("case 0: share(1, 4)", () => assert.deepEqual(share(1, 4), 25));
test("case 1: share(3, 3)", () => assert.deepEqual(share(3, 3), 100));
