import { test } from "node:test";
import assert from "node:assert/strict";
import { greet } from "./greet.js";

test("greets", () => assert.equal(greet("Ada"), "Hello, Ada"));
