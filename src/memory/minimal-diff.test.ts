import { describe, expect, it } from "vitest";
import { changedSpans, minimalDiff } from "./minimal-diff.js";

const BEFORE = `def last_index(values, wanted):
    """Index of the last occurrence of wanted, or -1."""
    for i in range(len(values) - 1, 0, -1):
        if values[i] == wanted:
            return i
    return -1
`;
const AFTER = BEFORE.replace("range(len(values) - 1, 0, -1)", "range(len(values) - 1, -1, -1)");

describe("minimalDiff", () => {
  it("keeps the changed lines and one line around them, not the whole program", () => {
    expect(minimalDiff("last_index.py", BEFORE, AFTER)).toBe(
      [
        "--- last_index.py",
        "+++ last_index.py",
        "@@ -2,3 +2,3 @@",
        '     """Index of the last occurrence of wanted, or -1."""',
        "-    for i in range(len(values) - 1, 0, -1):",
        "+    for i in range(len(values) - 1, -1, -1):",
        "         if values[i] == wanted:",
      ].join("\n"),
    );
  });
});

describe("changedSpans", () => {
  it("reads the replaced text of a one-line fix, widened to whole tokens", () => {
    expect(changedSpans(BEFORE, AFTER)).toEqual([{ before: "0", after: "-1", line: "for i in range(len(values) - 1, 0, -1):" }]);
    expect(changedSpans("if a < b:\n    go()\n", "if a <= b:\n    go()\n")).toEqual([{ before: "<", after: "<=", line: "if a < b:" }]);
    expect(changedSpans("x = total(items)\n", "x = subtotal(items)\n")).toEqual([{ before: "total", after: "subtotal", line: "x = total(items)" }]);
  });

  it("says nothing of a rewrite or of added lines", () => {
    expect(changedSpans(BEFORE, `${BEFORE}\nprint(last_index([1], 1))\n`)).toEqual([]);
    expect(changedSpans(BEFORE, "def last_index(values, wanted):\n    return len(values) - 1 - values[::-1].index(wanted)\n")).toEqual([]);
  });
});
