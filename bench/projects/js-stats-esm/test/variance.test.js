import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { variance } from "../src/variance.js";
import { mean } from "../src/mean.js";

describe("stats", () => {
  it("mean", () => assert.equal(mean([2, 4, 6]), 4));
  it("variance", () => assert.equal(variance([2, 4, 4, 4, 5, 5, 7, 9]), 4));
});
