import { test } from "node:test";
import assert from "node:assert/strict";
import { shout } from "./shout.mjs";

test("word", () => assert.equal(shout("hey"), "HEY!"));
test("mixed", () => assert.equal(shout("Go Team"), "GO TEAM!"));
