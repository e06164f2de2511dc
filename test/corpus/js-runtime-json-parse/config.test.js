import { test } from "node:test";
import assert from "node:assert/strict";
import { readConfig } from "./config.js";

test("reads", () => assert.deepEqual(readConfig(`{'port': 80}`), { port: 80 }));
