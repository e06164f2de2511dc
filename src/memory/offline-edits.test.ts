import { describe, expect, it } from "vitest";
import { missingName, offByOne } from "./__fixtures__/memory-store-conformance.js";
import type { MemoryEntry } from "./memory-entry.js";
import { offlineEdits } from "./offline-edits.js";
import { rankMemories } from "./rank-memories.js";

const stored = (fix: typeof offByOne, id: string, overrides: Partial<MemoryEntry> = {}): MemoryEntry => ({
  ...fix,
  id,
  verified: true,
  timesUsed: 0,
  timesHelped: 0,
  createdAt: "2026-12-01T12:00:00.000Z",
  lastUsed: "2026-12-01T12:00:00.000Z",
  ...overrides,
});

// A countdown that stops one short, failing as pytest reports it.
const failure = {
  signature: "assertion|assert <n> == <n>|test_countdown.py:5",
  errorType: "assertion",
  summary: "1 of 2 tests failed; test_three: expected [3, 2, 1], got [3, 2] (assert countdown(3) == [3, 2, 1])",
};

describe("offlineEdits", () => {
  it("is empty when nothing was recalled", () => {
    expect(offlineEdits([])).toEqual([]);
  });

  it("weighs the edits of the best matching fix 1 and those of less alike failures of the same tier less", () => {
    const comparison = stored(
      { ...offByOne, signature: "assertion|assert <n> == <n>|grade.py:9", summary: "1 of 3 tests failed; test_edge: expected 'B', got 'C' (assert grade(80) == 'B')", edits: [{ operator: "comparison", before: "<", after: "<=", line: "if score < 80:" }] },
      "cccccccccccc",
    );
    const bound = stored({ ...offByOne, signature: "assertion|assert <n> == <n>|count.py:4" }, "bbbbbbbbbbbb");
    const ranked = rankMemories(failure, [comparison, bound], 10);
    // The same message at other places: one tier, told apart by the diagnoses' text.
    expect(ranked.map((memory) => memory.tier)).toEqual([1, 1]);
    expect(ranked[0].similarity).toBeGreaterThan(ranked[1].similarity);
    const edits = offlineEdits(ranked);
    expect(edits.map((edit) => edit.operator)).toEqual(ranked.map((memory) => memory.entry.edits[0].operator));
    expect(edits[0].weight ?? 1).toBe(1);
    expect(edits[1].weight).toBeGreaterThan(0);
    expect(edits[1].weight).toBeLessThan(1);
  });

  it("weighs a fix of the same failure signature above any merely similar diagnosis", () => {
    const same = stored({ ...offByOne, signature: failure.signature, summary: "a different summary of the same failure" }, "aaaaaaaaaaaa");
    const similar = stored({ ...offByOne, summary: failure.summary, edits: [{ operator: "constant", before: "0", after: "-1" }] }, "dddddddddddd");
    const edits = offlineEdits(rankMemories(failure, [similar, same], 10));
    expect(edits[0]).toEqual(same.edits[0]);
    expect(edits[1]).toMatchObject({ operator: "constant" });
    expect(edits[1].weight).toBeLessThan(1);
  });

  it("keeps every edit of a fix with its weight and how many edits the fix made, and never changes the stored entries", () => {
    const twoEdits = stored({ ...missingName, edits: [{ before: "totl", after: "total" }, { before: "cnt", after: "count" }] }, "eeeeeeeeeeee");
    const ranked = rankMemories({ signature: "name|NameError: name 'cnt' is not defined|count.py:9", errorType: "name", summary: "NameError: name 'cnt' is not defined at count.py:9" }, [twoEdits], 10);
    expect(offlineEdits(ranked)).toEqual(twoEdits.edits.map((edit) => ({ ...edit, fixEdits: 2 })));
    expect(twoEdits.edits.every((edit) => !("weight" in edit) && !("fixEdits" in edit))).toBe(true);
  });
});
