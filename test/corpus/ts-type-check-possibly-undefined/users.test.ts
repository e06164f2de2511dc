import { test } from "node:test";
import assert from "node:assert/strict";
import { domain } from "./users.js";

test("domain", () => assert.equal(domain({ name: "a", email: "a@b.org" }), "b.org"));
