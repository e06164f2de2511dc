import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { Language } from "../shared/language.js";
import { OverfittingGuard } from "./overfitting-guard.js";
import { repairOffline } from "./repair-offline.js";

const sandbox = createSandbox({ onWarning: () => {} });
afterAll(() => sandbox.close());

const PYTHON = `def count_between(values, low, high):
    """How many values lie in the closed range [low, high]."""
    count = 0
    for v in values:
        if low <= v and v < high:
            count += 1
    return count
`;
const PYTHON_TESTS = `from between import count_between


def test_inside():
    assert count_between([1, 5, 9], 0, 10) == 3


def test_upper_edge():
    assert count_between([1, 5, 10], 0, 10) == 3
`;

const JAVASCRIPT = `export function countBetween(values, low, high) {
  let count = 0;
  for (const v of values) if (low <= v && v < high) count++;
  return count;
}
`;
const JAVASCRIPT_TESTS = `import { test } from "node:test";
import assert from "node:assert/strict";
import { countBetween } from "./between.js";

test("inside", () => assert.equal(countBetween([1, 5, 9], 0, 10), 3));
test("upper edge", () => assert.equal(countBetween([1, 5, 10], 0, 10), 3));
`;

const cases: { language: Language; entry: string; code: string; tests: string; testFile: string; failing: string; passing: string }[] = [
  {
    language: "python",
    entry: "between.py",
    code: PYTHON,
    tests: PYTHON_TESTS,
    testFile: "test_between.py",
    failing: "test_between.py::test_upper_edge",
    passing: "test_between.py::test_inside",
  },
  {
    language: "javascript",
    entry: "between.js",
    code: JAVASCRIPT,
    tests: JAVASCRIPT_TESTS,
    testFile: "between.test.js",
    failing: "between.test.js::upper edge",
    passing: "between.test.js::inside",
  },
];

describe("OverfittingGuard", () => {
  for (const entry of cases) {
    it(`counts the ${entry.language} inputs near the passing tests where a candidate behaves unlike the original, a hanging one included`, async () => {
      const created = await OverfittingGuard.create(
        { language: entry.language, entry: entry.entry, code: entry.code, tests: [{ path: entry.testFile, content: entry.tests }] },
        [entry.failing],
        [entry.passing],
      );
      expect(created.status).toBe("ready");
      if (created.status !== "ready") return;
      const { guard } = created;
      // The passing call ([1, 5, 9], 0, 10) and its neighbours; the empty and one-element lists
      // are neighbours of the failing call's list too, so they are left out.
      expect(guard.inputs).toHaveLength(5);
      const commented = entry.code.replace("count = 0", entry.language === "python" ? "count = 0  # none yet" : "count = 0; // none yet");
      // Counts 9 when high is 9: the one input where a value sits on the upper bound, as in the failing test.
      const correct = entry.code.replace("v < high", "v <= high");
      const hangs = entry.language === "python" ? entry.code.replace("count = 0", "count = 0\n    while values:\n        pass") : entry.code.replace("let count = 0;", "let count = 0;\n  while (values) {}");
      const throws = entry.code.replace("count = 0", entry.language === "python" ? "count = 0 + values[3]" : "count = 0 + values[3].x");
      const changes = await guard.changes(
        [
          { id: 0, code: commented },
          { id: 1, code: correct },
          { id: 2, code: hangs },
          { id: 3, code: throws },
        ],
        sandbox,
        60_000,
      );
      expect(changes).toEqual({
        status: "ok",
        changes: new Map([
          [0, 0],
          [1, 1],
          [2, 5],
          [3, 5],
        ]),
      });
    });
  }

  it("is off when no test calls the program with literal arguments", async () => {
    const tests = `from between import count_between\n\nVALUES = [1, 2]\n\ndef test_inside():\n    assert count_between(VALUES, 0, 10) == 2\n`;
    const created = await OverfittingGuard.create({ language: "python", entry: "between.py", code: PYTHON, tests: [{ path: "test_between.py", content: tests }] }, [], ["test_between.py::test_inside"]);
    expect(created).toEqual({ status: "none", reason: "no passing test calls the program's functions or builds its objects with literal arguments" });
  });
});

describe("repairOffline with the overfitting guard", () => {
  it("returns the reference fix of a real bug where the first plausible patch only fits the tests", async () => {
    // same_letters from the class corpus: `>=` in place of `===` passes the visible tests (it is
    // found first, one token) but calls "abc" and "a" the same letters; lowering b, found a few
    // dozen candidates later, behaves as the original everywhere near the passing test.
    const dir = join(import.meta.dirname, "__classes__/javascript/same_letters");
    const read = (path: string) => readFileSync(join(dir, path), "utf8");
    const code = read("same_letters.js");
    const result = await repairOffline(
      { language: "javascript", entry: "same_letters.js", code, tests: [{ path: "same_letters.test.js", content: read("same_letters.test.js") }] },
      { sandbox, maxCandidates: 200, timeBudgetMs: 600_000 },
    );
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.plausible).toBeGreaterThanOrEqual(2);
    expect(result.code).toBe(code.replace("Array.from(b)", "Array.from(b.toLowerCase())"));
    expect(result.behaviourChanges, result.guardSkipped).toBe(0);
  });

  it("says why the returned patch has no count when the tests give the guard nothing to derive from", async () => {
    const tests =
      "from between import count_between\n\nVALUES = [1, 5, 10]\n\n\ndef test_inside():\n    assert count_between(VALUES[:2], 0, 10) == 2\n\n\n" +
      "def test_upper_edge():\n    assert count_between(VALUES, 0, 10) == 3\n";
    const result = await repairOffline(
      { language: "python", entry: "between.py", code: PYTHON, tests: [{ path: "test_between.py", content: tests }] },
      { sandbox, maxCandidates: 100, timeBudgetMs: 600_000 },
    );
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.behaviourChanges).toBeUndefined();
    expect(result.guardSkipped).toBe("no passing test calls the program's functions or builds its objects with literal arguments");
  });

  it("ends the search at the first plausible patch that behaves as the original near the passing tests", async () => {
    // The returned bound is the wrong one: `return high` passes and changes nothing on the
    // inputs near the two passing tests, so no later candidate could rank above it and the
    // guard's extra search (up to 60 more candidates) does not run.
    const code = `def clamp(x, low, high):\n    if x < low:\n        return low\n    if x > high:\n        return low\n    return x\n`;
    const tests =
      "from clamp import clamp\n\n\ndef test_inside():\n    assert clamp(5, 0, 10) == 5\n\n\n" +
      "def test_below():\n    assert clamp(-3, 0, 10) == 0\n\n\ndef test_above():\n    assert clamp(12, 0, 10) == 10\n";
    const progress: { candidatesRun: number; bestPassed: number }[] = [];
    const result = await repairOffline(
      { language: "python", entry: "clamp.py", code, tests: [{ path: "test_clamp.py", content: tests }] },
      { sandbox, maxCandidates: 300, timeBudgetMs: 600_000, onProgress: (event) => progress.push(event) },
    );
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.code).toBe(code.replace("        return low\n    return x", "        return high\n    return x"));
    expect(result.behaviourChanges, result.guardSkipped).toBe(0);
    // No batch ran after the one that found it (that batch runs at most 12 past it).
    const found = progress.findIndex((event) => event.bestPassed === result.testsTotal);
    expect(found).toBeGreaterThanOrEqual(0);
    expect(progress.slice(found + 1)).toEqual([]);
    expect(result.candidatesRun).toBe(progress[found].candidatesRun);
  });
});

/** A case of the class corpus (src/repair/__classes__), as repairOffline takes it, and its reference fix. */
function classCase(language: "python" | "javascript", name: string) {
  const dir = join(import.meta.dirname, "__classes__", language, name);
  const spec = JSON.parse(readFileSync(join(dir, "case.json"), "utf8")) as { program: string; tests: string; fixes: { buggy: string; fixed: string }[] };
  const code = readFileSync(join(dir, spec.program), "utf8");
  return {
    input: { language, entry: spec.program, code, tests: [{ path: spec.tests, content: readFileSync(join(dir, spec.tests), "utf8") }] },
    reference: spec.fixes.reduce((fixed, fix) => fixed.replace(fix.buggy, fix.fixed), code),
  };
}

describe("the overfitting guard on tests that build objects and call their methods", () => {
  // The cart adds `price` where it means `qty` when an item comes again. Never merging lines
  // (`line.sku > sku`) also passes: quantity() sums the lines. It is told apart where a passing
  // test's second item is renamed "", which sorts below "apple" and so joins its line.
  const cartCases = [
    { language: "python" as const, wrong: ["line.sku == sku", "line.sku > sku"], right: ["line.qty += price", "line.qty += qty"] },
    { language: "javascript" as const, wrong: ["line.sku === sku", "line.sku > sku"], right: ["line.qty += price", "line.qty += qty"] },
  ];
  for (const entry of cartCases) {
    it(`counts the ${entry.language} cart's inputs where never merging lines behaves unlike the original, none for the reference fix`, async () => {
      const { input, reference } = classCase(entry.language, "cart");
      const failing = entry.language === "python" ? "test_cart.py::test_adding_the_same_item_twice_adds_up" : "cart.test.js::adding the same item twice adds up";
      const passing = entry.language === "python" ? ["test_cart.py::test_empty_cart_costs_nothing", "test_cart.py::test_total_of_two_items"] : ["cart.test.js::an empty cart costs nothing", "cart.test.js::the total of two items"];
      const created = await OverfittingGuard.create(input, [failing], passing);
      expect(created.status).toBe("ready");
      if (created.status !== "ready") return;
      expect(input.code.replace(entry.right[0], entry.right[1])).toBe(reference);
      const changes = await created.guard.changes(
        [
          { id: 0, code: input.code.replace(entry.wrong[0], entry.wrong[1]) },
          { id: 1, code: reference },
        ],
        sandbox,
        60_000,
      );
      expect(changes).toEqual({ status: "ok", changes: new Map([[0, 1], [1, 0]]) });
    });
  }

  for (const language of ["python", "javascript"] as const) {
    it(`returns the ${language} account's reference fix, not the first plausible patch that only fits its tests`, async () => {
      // `amount > balance - amount` passes the tests (found first, one token), but refuses a
      // withdrawal of more than half the balance: 51 of 100, next to the passing test's 50.
      const { input, reference } = classCase(language, "account");
      const result = await repairOffline(input, { sandbox, maxCandidates: 200, timeBudgetMs: 600_000 });
      expect(result.status).toBe("fixed");
      if (result.status !== "fixed") return;
      expect(result.plausible).toBeGreaterThanOrEqual(2);
      expect(result.code).toBe(reference);
      expect(result.behaviourChanges, result.guardSkipped).toBe(0);
    });
  }
});
