import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import { localizeFaults } from "./localize-faults.js";
import { repairOffline } from "./repair-offline.js";

const sandbox = createSandbox({ onWarning: () => {} });
/** Tests that expect a fix bound the engine by candidates, not by a clock a loaded machine runs out of (#21). */
const BY_CANDIDATES = { maxCandidates: 600, timeBudgetMs: 600_000 };
afterAll(() => sandbox.close());

const BETWEEN = `def count_between(values, low, high):
    """How many values lie in the closed range [low, high]."""
    count = 0
    for v in values:
        if low <= v and v < high:
            count += 1
    return count
`;
const BETWEEN_TESTS = `from between import count_between


def test_inside():
    assert count_between([1, 5, 9], 0, 10) == 3


def test_upper_edge():
    assert count_between([1, 5, 10], 0, 10) == 3


def test_lower_edge():
    assert count_between([0, 3], 0, 10) == 2


def test_outside():
    assert count_between([-1, 11], 0, 10) == 0
`;

describe("repairOffline", () => {
  it("fixes a wrong comparison in a Python program, keeping its comments and layout", async () => {
    const result = await repairOffline(
      { language: "python", entry: "between.py", code: BETWEEN, tests: [{ path: "test_between.py", content: BETWEEN_TESTS }] },
      { sandbox, ...BY_CANDIDATES },
    );
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.code).toBe(BETWEEN.replace("v < high", "v <= high"));
    expect(result.edits).toEqual([{ file: "between.py", operator: "comparison", line: 5, before: "<", after: "<=" }]);
    expect(result.diff).toContain("-        if low <= v and v < high:");
    expect(result.diff).toContain("+        if low <= v and v <= high:");
    expect(result.testsPassed).toBe(4);
    expect(result.plausible).toBeGreaterThanOrEqual(1);
  });

  it("fixes a program of a project whose pytest options name a plugin's option (pytest-timeout's --timeout)", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "mend-timeout-project-")));
    try {
      const files: Record<string, string> = {
        "pyproject.toml": '[project]\nname = "ranges"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\naddopts = "--timeout=30 -ra"\n',
        "between.py": BETWEEN,
        "test_between.py": BETWEEN_TESTS,
      };
      for (const [path, content] of Object.entries(files)) writeFileSync(join(root, path), content);
      const result = await repairOffline(
        {
          language: "python",
          entry: "between.py",
          code: BETWEEN,
          tests: [{ path: "test_between.py", content: BETWEEN_TESTS }],
          project: { root, files: Object.keys(files) },
        },
        { sandbox, ...BY_CANDIDATES },
      );
      expect(result.status).toBe("fixed");
      if (result.status === "fixed") expect(result.code).toBe(BETWEEN.replace("v < high", "v <= high"));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("fixes an off-by-one in a JavaScript program", async () => {
    const code = `export function lastN(values, n) {
  // the n values at the end, oldest first
  return values.slice(values.length - n - 1);
}
`;
    const tests = `import { test } from "node:test";
import assert from "node:assert/strict";
import { lastN } from "./last.mjs";

test("two of four", () => assert.deepEqual(lastN([1, 2, 3, 4], 2), [3, 4]));
test("all", () => assert.deepEqual(lastN([1, 2], 2), [1, 2]));
test("one", () => assert.deepEqual(lastN([7, 8, 9], 1), [9]));
`;
    const result = await repairOffline(
      { language: "javascript", entry: "last.mjs", code, tests: [{ path: "last.test.mjs", content: tests }] },
      { sandbox, ...BY_CANDIDATES },
    );
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.code).toContain("// the n values at the end, oldest first");
    expect(result.code).toMatch(/values\.slice\(values\.length - n( - 0)?\)/);
  });

  it("fixes a TypeScript program, locating the fault on its own lines", async () => {
    const code = `/** The price after a percentage discount. */
export function discounted(price: number, percent: number): number {
  const cut: number = (price * percent) / 100;
  return price + cut;
}
`;
    const tests = `import { test } from "node:test";
import assert from "node:assert/strict";
import { discounted } from "./discount.ts";

test("ten percent", () => assert.equal(discounted(200, 10), 180));
test("nothing off", () => assert.equal(discounted(50, 0), 50));
`;
    const input = { language: "typescript" as const, entry: "discount.ts", code, tests: [{ path: "discount.test.ts", content: tests }] };
    const ranking = await localizeFaults(input, { sandbox });
    expect(ranking.map((entry) => entry.line).sort()).toEqual([3, 4]);
    const result = await repairOffline(input, { sandbox, ...BY_CANDIDATES });
    expect(result.status).toBe("fixed");
    if (result.status === "fixed") expect(result.code).toBe(code.replace("price + cut", "price - cut"));
  });

  it("gets past mutants that loop forever", async () => {
    // The cheapest mutants of this loop (`n += 1`, `n -= 0`) never end.
    const code = `def steps_to_zero(n):
    steps = 0
    while n > 0:
        n -= 1
        steps += 1
    return steps + 1
`;
    const tests = `from steps import steps_to_zero


def test_three():
    assert steps_to_zero(3) == 3


def test_zero():
    assert steps_to_zero(0) == 0
`;
    const result = await repairOffline(
      { language: "python", entry: "steps.py", code, tests: [{ path: "test_steps.py", content: tests }] },
      { sandbox, timeBudgetMs: 30_000 },
    );
    expect(result.status).toBe("fixed");
    expect(result.candidatesRun).toBeGreaterThan(1);
  });

  it("stops with the candidate that passed the most tests when none passes them all", async () => {
    const code = `def sign(n):
    if n > 0:
        return -1
    return 1
`;
    const tests = `from sign import sign


def test_negative():
    assert sign(-5) == -1


def test_positive():
    assert sign(7) == 1


def test_zero_is_named():
    assert sign(0) == "zero"
`;
    const result = await repairOffline(
      { language: "python", entry: "sign.py", code, tests: [{ path: "test_sign.py", content: tests }] },
      { sandbox, maxCandidates: 120, timeBudgetMs: 30_000 },
    );
    expect(result.status).toBe("not_fixed");
    if (result.status !== "not_fixed") return;
    expect(result.testsTotal).toBe(3);
    expect(result.bestPassed).toBe(2);
    expect(result.bestCode).toMatch(/if n (<|<=) 0:/);
    expect(result.candidatesRun).toBeGreaterThan(0);
  });

  it("says so when every test already passes", async () => {
    const result = await repairOffline(
      {
        language: "python",
        entry: "between.py",
        code: BETWEEN.replace("v < high", "v <= high"),
        tests: [{ path: "test_between.py", content: BETWEEN_TESTS }],
      },
      { sandbox },
    );
    expect(result).toMatchObject({ status: "not_fixed", reason: "every test already passes", bestPassed: 4 });
  });
});

describe("localizeFaults", () => {
  it("ranks the line only failing tests run first (Python)", async () => {
    const code = `def shipping(weight):
    if weight < 1:
        return 5
    if weight < 10:
        return 10
    return 10 + weight
`;
    const tests = `from ship import shipping


def test_light():
    assert shipping(0.5) == 5


def test_medium():
    assert shipping(4) == 10


def test_heavy():
    assert shipping(20) == 40
`;
    const ranking = await localizeFaults(
      { language: "python", entry: "ship.py", code, tests: [{ path: "test_ship.py", content: tests }] },
      { sandbox },
    );
    expect(ranking[0]).toEqual({ file: "ship.py", line: 6, score: 1 });
    expect(ranking.find((entry) => entry.line === 1)?.score).toBeLessThan(1);
  });

  it("ranks the line only failing tests run first (JavaScript)", async () => {
    const code = `export function shipping(weight) {
  if (weight < 1) return 5;
  if (weight < 10) {
    return 10;
  }
  return 10 + weight;
}
`;
    const tests = `import { test } from "node:test";
import assert from "node:assert/strict";
import { shipping } from "./ship.mjs";

test("light", () => assert.equal(shipping(0.5), 5));
test("medium", () => assert.equal(shipping(4), 10));
test("heavy", () => assert.equal(shipping(20), 40));
`;
    const ranking = await localizeFaults(
      { language: "javascript", entry: "ship.mjs", code, tests: [{ path: "ship.test.mjs", content: tests }] },
      { sandbox },
    );
    expect(ranking[0]).toEqual({ file: "ship.mjs", line: 6, score: 1 });
    expect(ranking.map((entry) => entry.line)).not.toContain(4);
  });
});
