import { test } from "node:test";
import assert from "node:assert/strict";
import { isPrime } from "./prime.js";

test("seven", () => assert.ok(isPrime(7)));
test("nine", () => assert.ok(!isPrime(9)));
