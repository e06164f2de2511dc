import { describe, expect, it } from "vitest";
import { textSimilarity } from "./text-similarity.js";

describe("textSimilarity", () => {
  it("is 1 for texts that differ only in line endings and trailing spaces", () => {
    expect(textSimilarity("a = 1\r\nb = 2  \n", "a = 1\nb = 2")).toBe(1);
  });

  it("is the share of characters a minimal diff keeps", () => {
    // "abcd" -> "abxd": 3 of 4 characters kept on each side.
    expect(textSimilarity("abcd", "abxd")).toBeCloseTo(0.75, 10);
    expect(textSimilarity("abc", "xyz")).toBe(0);
  });

  it("ranks a one-token fix as nearly identical and a rewrite as different", () => {
    const before = "def f(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total / len(xs)\n";
    const fix = before.replace("len(xs)", "max(len(xs), 1)");
    const rewrite = "def f(xs):\n    return sum(xs) / max(len(xs), 1) if xs else 0.0\n";
    expect(textSimilarity(before, fix)).toBeGreaterThan(0.9);
    expect(textSimilarity(before, rewrite)).toBeLessThan(0.7);
  });

  it("counts a character outside the BMP whole where two texts differ in it", () => {
    // "a😀b" -> "a😁b": the emoji share their first UTF-16 unit, yet are different characters;
    // a and b are kept, 2 of the 4 units on each side.
    expect(textSimilarity("a😀b", "a😁b")).toBeCloseTo(0.5, 10);
    expect(textSimilarity("😀 x = 1", "😀 x = 2")).toBeCloseTo(7 / 8, 10);
  });

  it("stays bounded on long, unrelated texts", () => {
    const a = Array.from({ length: 3000 }, (_, i) => `line ${i} alpha`).join("\n");
    const b = Array.from({ length: 3000 }, (_, i) => `row ${i * 7} beta`).join("\n");
    const ratio = textSimilarity(a, b);
    expect(ratio).toBeGreaterThanOrEqual(0);
    expect(ratio).toBeLessThan(0.5);
  });
});
