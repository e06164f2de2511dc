import { test } from "node:test";
import assert from "node:assert/strict";
import { slugify } from "./slug.ts";

test("slugifies", () => assert.equal(slugify(" Hello World "), "hello-world"));
