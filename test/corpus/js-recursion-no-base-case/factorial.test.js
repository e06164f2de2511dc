import { test } from "node:test";
import assert from "node:assert/strict";
import { factorial } from "./factorial.js";

test("five", () => assert.equal(factorial(5), 120));
