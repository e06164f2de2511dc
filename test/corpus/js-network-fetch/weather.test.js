import { test } from "node:test";
import assert from "node:assert/strict";
import { temperature } from "./weather.js";

test("temperature", async () => assert.equal(typeof (await temperature("oslo")), "number"));
