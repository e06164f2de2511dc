import { describe, expect, it } from "vitest";
import { pay } from "../src/checkout.js";

describe("pay", () => {
  it("no discount under 100", () => expect(pay(50)).toBe(50));
  it("discount from 100", () => expect(pay(100)).toBe(90));
  it("discount above", () => expect(pay(200)).toBe(180));
});
