import { test } from "node:test";
import assert from "node:assert/strict";
import { title } from "./title.js";

test("titles", () => assert.equal(title("ada"), "Ada"));
