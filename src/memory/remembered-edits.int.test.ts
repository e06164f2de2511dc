import { afterAll, describe, expect, it } from "vitest";
import { repairOffline, type OfflineRepairInput } from "../repair/repair-offline.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
import { offlineEdits } from "./offline-edits.js";
import { rememberedEdits } from "./remembered-edits.js";

const sandbox = createSandbox({ onWarning: () => {} });
afterAll(() => sandbox.close());

/** Bounded by candidates, not time: what is found must not depend on the machine's load. */
const OPTIONS = { sandbox, maxCandidates: 400, timeBudgetMs: 600_000 };
/** Candidates run after the first plausible patch in the search's order. */
const after = (result: { candidatesRun: number; candidatesToFirstPlausible: number }) => result.candidatesRun - result.candidatesToFirstPlausible;

// Two programs with an off-by-one of one kind (a loop that stops one element short), written
// apart: the memory learns the first one's fix, the second one is the failure seen again.
const UPPER: OfflineRepairInput = {
  language: "python",
  entry: "upper.py",
  code: `def count_upper(words):
    """How many of the words are written in capitals."""
    count = 0
    for i in range(len(words) - 1):
        if words[i].isupper():
            count += 1
    return count
`,
  tests: [
    {
      path: "test_upper.py",
      content: `from upper import count_upper


def test_some():
    assert count_upper(["NO", "yes", "OK"]) == 2


def test_none():
    assert count_upper(["a", "b"]) == 0


def test_empty():
    assert count_upper([]) == 0


def test_one():
    assert count_upper(["HI"]) == 1
`,
    },
  ],
};

const EVENS: OfflineRepairInput = {
  language: "python",
  entry: "evens.py",
  code: `def total_of_evens(numbers):
    """The sum of the even numbers in the list."""
    total = 0
    for k in range(len(numbers) - 1):
        if numbers[k] % 2 == 0:
            total = total + numbers[k]
    return total
`,
  tests: [
    {
      path: "test_evens.py",
      content: `from evens import total_of_evens


def test_mixed():
    assert total_of_evens([1, 2, 3, 4]) == 6


def test_odd_only():
    assert total_of_evens([1, 3, 5]) == 0


def test_empty():
    assert total_of_evens([]) == 0


def test_single_even():
    assert total_of_evens([8]) == 8
`,
    },
  ],
};

const fixed = <T extends { status: string }>(result: T) => {
  expect(result.status, "reason" in result ? String(result.reason) : undefined).toBe("fixed");
  return result as Extract<T, { status: "fixed" }>;
};
const readable = (edits: readonly { line: number; before: string; after: string }[]) => edits.map(({ line, before, after }) => `${line}: ${before} -> ${after}`);

describe("a fix remembered from another program, in the offline engine", () => {
  it("puts the like fix of a like bug first and takes it without the guard's alternatives", async () => {
    const learned = fixed(await repairOffline(UPPER, OPTIONS));
    const preferredEdits = rememberedEdits(learned.edits, UPPER.code);
    expect(preferredEdits).toEqual([{ operator: "bound", before: "len(words) - 1", after: "len(words)", line: "for i in range(len(words) - 1):" }]);

    const without = fixed(await repairOffline(EVENS, OPTIONS));
    const withMemory = fixed(await repairOffline(EVENS, { ...OPTIONS, preferredEdits }));
    expect(readable(without.edits)).toEqual(["4: len(numbers) - 1 -> len(numbers)"]);
    expect(readable(withMemory.edits)).toEqual(readable(without.edits));
    expect(withMemory.code).toBe(without.code);
    // The memory's edit is the first candidate; without it, cheaper edits of the line go first.
    expect(withMemory.candidatesToFirstPlausible).toBe(1);
    expect(without.candidatesToFirstPlausible).toBeGreaterThan(1);
    // Without the memory the search runs a dozen more after its first plausible patch for the
    // guard to compare; with it, none is started after it (those already running beside it, two
    // at a time, still report).
    expect(after(without)).toBeGreaterThanOrEqual(12);
    expect(after(withMemory)).toBeLessThan(after(without));
    expect(withMemory.candidatesRun).toBeLessThan(without.candidatesRun);
  });

  it("takes a first plausible patch of the same kind as a remembered fix, another change at its core, without the guard's alternatives", async () => {
    // A bound fixed before by one more, not by dropping the `- 1`: the same operator on a like line.
    const preferredEdits = [{ operator: "bound" as const, before: "len(rows) - 2", after: "len(rows) - 1", line: "for r in range(len(rows) - 2):" }];
    const without = fixed(await repairOffline(EVENS, OPTIONS));
    const withMemory = fixed(await repairOffline(EVENS, { ...OPTIONS, preferredEdits }));
    expect(readable(withMemory.edits)).toEqual(readable(without.edits));
    expect(after(without)).toBeGreaterThanOrEqual(12);
    expect(after(withMemory)).toBeLessThan(after(without));
  });

  it("still finds the fix when the memory holds fixes of other kinds, and an empty memory changes nothing", async () => {
    // Fixes of other kinds, as a wrong-kind recall brings them: a comparison and a swapped pair.
    const otherKinds = [
      { operator: "comparison" as const, before: "<", after: "<=", line: "while lo < hi:" },
      { operator: "swap_arguments" as const, before: "total, rate", after: "rate, total", line: "return interest(total, rate)" },
    ];
    const without = fixed(await repairOffline(EVENS, OPTIONS));
    const empty = fixed(await repairOffline(EVENS, { ...OPTIONS, preferredEdits: [] }));
    const wrong = fixed(await repairOffline(EVENS, { ...OPTIONS, preferredEdits: otherKinds }));
    expect(readable(empty.edits)).toEqual(readable(without.edits));
    expect(empty.candidatesToFirstPlausible).toBe(without.candidatesToFirstPlausible);
    expect(readable(wrong.edits)).toEqual(readable(without.edits));
  });
});

// A fee by tiers whose middle tier leaves out its lower edge; the tests call it with literal
// arguments, so the overfitting guard watches it.
const FEE: OfflineRepairInput = {
  language: "python",
  entry: "fee.py",
  code: `def shipping_fee(weight):
    if weight >= 20:
        return 15
    if weight > 5:
        return 8
    if weight >= 1:
        return 4
    return 0
`,
  tests: [
    {
      path: "test_fee.py",
      content: `from fee import shipping_fee


def test_heavy():
    assert shipping_fee(25) == 15


def test_on_the_middle_edge():
    assert shipping_fee(5) == 8


def test_light():
    assert shipping_fee(2) == 4


def test_nothing():
    assert shipping_fee(0) == 0
`,
    },
  ],
};

describe("a first plausible patch of a remembered kind", () => {
  it("is measured by the guard at once, on a line unlike the remembered one, and taken when it changes nothing the guard sees", { timeout: 300_000 }, async () => {
    // A comparison fixed before in a loop's condition: the same kind of edit, another kind of line.
    const preferredEdits = [{ operator: "comparison" as const, before: "<=", after: "<", line: "while lo <= hi:" }];
    const without = fixed(await repairOffline(FEE, OPTIONS));
    const withMemory = fixed(await repairOffline(FEE, { ...OPTIONS, preferredEdits }));
    expect(readable(without.edits)).toEqual(["4: > -> >="]);
    expect(readable(withMemory.edits)).toEqual(readable(without.edits));
    expect(withMemory.behaviourChanges).toBe(0);
    // Without the memory the guard looks only after a dozen more candidates.
    expect(after(without)).toBeGreaterThanOrEqual(12);
    expect(after(withMemory)).toBeLessThan(12);
  });
});

// Quickselect whose recursion into the larger values forgets to count the values it skips: not
// a swap, but a program full of calls and expressions a swap could change.
const NTH: OfflineRepairInput = {
  language: "javascript",
  entry: "nth.mjs",
  code: `export function nthSmallest(values, n) {
  const pivot = values[0];
  const smaller = values.filter((v) => v < pivot);
  const larger = values.filter((v) => v > pivot);
  const atMost = values.length - larger.length;
  if (n < smaller.length) {
    return nthSmallest(smaller, n);
  } else if (n >= atMost) {
    return nthSmallest(larger, n);
  }
  return pivot;
}
`,
  tests: [
    {
      path: "nth.test.mjs",
      content: `import { test } from "node:test";
import assert from "node:assert/strict";
import { nthSmallest } from "./nth.mjs";

test("smallest", () => assert.equal(nthSmallest([5, 1, 4], 0), 1));
test("middle", () => assert.equal(nthSmallest([3, 1, 2], 1), 2));
test("the pivot itself", () => assert.equal(nthSmallest([2, 1, 3], 1), 2));
test("largest", () => assert.equal(nthSmallest([1, 4, 2, 3], 3), 4));
test("above the pivot", () => assert.equal(nthSmallest([2, 9, 7, 1], 2), 7));
`,
    },
  ],
};

describe("remembered fixes of other kinds in a program full of calls", () => {
  // Two searches of about 200 candidates each.
  it("do not move their kinds' edits of every line ahead of the lines the tests point at", { timeout: 300_000 }, async () => {
    // As a recall brings them for a failed assertion: arguments swapped in a recursive call,
    // and a base case added to one, both fixed in another program.
    const otherKinds = [
      { operator: "swap_arguments" as const, before: "a % b, b", after: "b, a % b", line: "return gcd(a % b, b);" },
      { operator: "insert_guard" as const, before: "", after: "if (b <= 1) return a;\n  ", line: "return gcd(b, a % b);" },
    ];
    const without = fixed(await repairOffline(NTH, OPTIONS));
    const withMemory = fixed(await repairOffline(NTH, { ...OPTIONS, preferredEdits: otherKinds }));
    expect(readable(withMemory.edits)).toEqual(readable(without.edits));
    // The remembered kinds cost their edits of the lines the tests point at most (a memory that
    // moved them forward on every line lost this fix within the 400 candidates), no more.
    expect(withMemory.candidatesToFirstPlausible).toBeLessThan(1.5 * without.candidatesToFirstPlausible);
  });
});

// A count that starts at one and a comparison that leaves out the mark: no single edit passes
// every test, two do. The memory holds another program's fix of two edits, a number and a
// comparison, for a failure of the same kind.
const PASSING: OfflineRepairInput = {
  language: "python",
  entry: "passing.py",
  code: `def count_passing(scores, mark):
    """How many scores reach the pass mark."""
    passed = 1
    for score in scores:
        if score > mark:
            passed += 1
    return passed


def best_score(scores):
    """The highest score, or None without scores."""
    if not scores:
        return None
    best = scores[0]
    for score in scores[1:]:
        if score > best:
            best = score
    return best
`,
  tests: [
    {
      path: "test_passing.py",
      content: `from passing import best_score, count_passing


def test_nobody():
    assert count_passing([], 50) == 0


def test_on_the_mark():
    assert count_passing([50], 50) == 1


def test_one_of_two():
    assert count_passing([10, 60], 50) == 1


def test_two_of_three():
    assert count_passing([50, 70, 20], 50) == 2


def test_everybody():
    assert count_passing([80, 90], 50) == 2


def test_best():
    assert best_score([3, 9, 4]) == 9
`,
    },
  ],
};

describe("a failure like one whose remembered fix took two edits", () => {
  it("finds the two-edit fix among the pairs of the first singles, not only after every single edit", { timeout: 300_000 }, async () => {
    const lastIndex = {
      id: "aaaaaaaaaaaa",
      language: "python" as const,
      signature: "assertion|assert <n> == <n>|test_last_index.py:13",
      errorType: "assertion",
      summary: "1 of 3 tests failed; test_v2: expected -1, got 0 (assert last_index([4, 5], 9) == -1)",
      diff: "",
      edits: rememberedEdits(
        [
          { operator: "constant", before: "0", after: "-1", line: 7 },
          { operator: "comparison", before: ">", after: ">=", line: 3 },
        ],
        "def last_index(xs, x):\n    i = len(xs) - 1\n    while i > 0:\n        if xs[i] == x:\n            return i\n        i -= 1\n    return 0\n",
      ),
      madeBy: "offline:constant+comparison",
      verified: true as const,
      timesUsed: 0,
      timesHelped: 0,
      createdAt: "2026-12-01T12:00:00.000Z",
      lastUsed: "2026-12-01T12:00:00.000Z",
    };
    const preferredEdits = offlineEdits([{ entry: lastIndex, tier: 2, similarity: 0.7 }]);
    expect(preferredEdits.every((edit) => edit.fixEdits === 2)).toBe(true);
    const without = fixed(await repairOffline(PASSING, OPTIONS));
    const withMemory = fixed(await repairOffline(PASSING, { ...OPTIONS, preferredEdits }));
    expect(readable(without.edits)).toEqual(["3: 1 -> 0", "5: > -> >="]);
    expect(readable(withMemory.edits)).toEqual(readable(without.edits));
    expect(withMemory.candidatesToFirstPlausible).toBeLessThan(without.candidatesToFirstPlausible);
    // The remembered fix's two edits are not the ones this bug needs (another number, another
    // line): the pairs come from this program's own singles.
    expect(withMemory.candidatesToFirstPlausible).toBeLessThan(100);
  });
});
