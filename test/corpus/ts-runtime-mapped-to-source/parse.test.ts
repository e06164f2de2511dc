import { test } from "node:test";
import assert from "node:assert/strict";
import { firstCell } from "./parse.js";

test("first cell", () => assert.equal(firstCell([{ cells: [" a "] }]), "a"));
test("no rows", () => assert.equal(firstCell([]), ""));
