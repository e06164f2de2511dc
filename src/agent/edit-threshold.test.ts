import { describe, expect, it } from "vitest";
import { asksForEdits, EDIT_THRESHOLD_BYTES, EDIT_THRESHOLD_LINES } from "./edit-threshold.js";

const lines = (count: number) => Array.from({ length: count }, (_, index) => `value_${index} = ${index}\n`).join("");

describe("asksForEdits", () => {
  it("asks for edits past the line threshold, a final newline not counting as a line", () => {
    expect(asksForEdits(lines(EDIT_THRESHOLD_LINES))).toBe(false);
    expect(asksForEdits(lines(EDIT_THRESHOLD_LINES + 1))).toBe(true);
  });

  it("asks for edits past the byte threshold, however few the lines", () => {
    expect(asksForEdits(`TABLE = "${"x".repeat(EDIT_THRESHOLD_BYTES)}"\n`)).toBe(true);
  });
});
