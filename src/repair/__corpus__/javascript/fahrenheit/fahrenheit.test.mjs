import { test } from "node:test";
import assert from "node:assert/strict";
import { toFahrenheit } from "./fahrenheit.mjs";

test("freezing", () => assert.equal(toFahrenheit(0), 32));
test("boiling", () => assert.equal(toFahrenheit(100), 212));
test("minus forty", () => assert.equal(toFahrenheit(-40), -40));
