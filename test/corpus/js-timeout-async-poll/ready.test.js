import { test } from "node:test";
import assert from "node:assert/strict";
import { waitFor } from "./ready.js";

test("ready at once", async () => assert.equal(await waitFor(() => true), true));
test("never ready gives up", async () => assert.equal(await waitFor(() => false), false));
