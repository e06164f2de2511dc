import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { Sandbox } from "../shared/sandbox.js";
import { batchOf, type CandidateSet, counting, judge, judged } from "./__fixtures__/warm-runner-harness.js";
import { createBatchRunner } from "./batch-candidate-runner.js";
import type { RunnerSetup } from "./candidate-runner.js";
import { createCandidateRunner } from "./create-candidate-runner.js";
import { repairOffline } from "./repair-offline.js";
import { createWarmNodeRunner } from "./warm-node-runner.js";

// A small ES-module project as people have it: the program imports a sibling module and keeps
// a cache at module level, the tests sit in a test folder and read a fixture file.
const PRICES = [
  'import { roundCents } from "./money.js";',
  "",
  "const seen = new Map();",
  "",
  "/** The price of `qty` items at `unit` each, with the bulk discount past 10 items. */",
  "export function price(unit, qty) {",
  "  const key = `${unit}x${qty}`;",
  "  if (!seen.has(key)) {",
  "    const gross = unit * qty;",
  "    seen.set(key, roundCents(qty >= 10 ? gross * 0.9 : gross));",
  "  }",
  "  return seen.get(key);",
  "}",
  "",
  "export function quotes() {",
  "  return seen.size;",
  "}",
  "",
].join("\n");
const FILES: Record<string, string> = {
  "src/money.js": "export function roundCents(amount) {\n  return Math.round(amount * 100) / 100;\n}\n",
  "test/fixtures/orders.json": '[[2.5, 4, 10], [1, 10, 10], [1, 20, 18], [3, 11, 29.7]]\n',
  "package.json": '{ "name": "prices", "version": "1.0.0", "type": "module" }\n',
};
const TESTS = [
  'import { test } from "node:test";',
  'import assert from "node:assert/strict";',
  'import { readFileSync } from "node:fs";',
  'import { price, quotes } from "../src/prices.js";',
  "",
  'const orders = JSON.parse(readFileSync(new URL("./fixtures/orders.json", import.meta.url), "utf8"));',
  "",
  'test("no discount for a few items", () => assert.equal(price(2.5, 4), 10));',
  'test("orders", () => {',
  "  for (const [unit, qty, total] of orders) assert.equal(price(unit, qty), total);",
  "});",
  "// Each run of the suite starts from an empty cache: the module is loaded fresh.",
  'test("one quote per order", () => {',
  "  for (const [unit, qty] of orders) price(unit, qty);",
  "  assert.equal(quotes(), orders.length);",
  "});",
  "",
].join("\n");

const sandbox = createSandbox({ onWarning: () => {} });
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "mend-warm-node-"));
  await mkdir(join(root, "src"));
  await mkdir(join(root, "test/fixtures"), { recursive: true });
  for (const [path, content] of Object.entries({ ...FILES, "src/prices.js": PRICES, "test/prices.test.js": TESTS })) await writeFile(join(root, path), content);
});

afterAll(async () => {
  await sandbox.close();
  await rm(root, { recursive: true, force: true });
});

function setupFor(box: Sandbox): RunnerSetup {
  return {
    language: "javascript",
    entry: "src/prices.js",
    code: PRICES,
    tests: [{ path: "test/prices.test.js", content: TESTS }],
    sandbox: box,
    jobs: 2,
    project: { root, files: [...Object.keys(FILES), "src/prices.js", "test/prices.test.js"] },
  };
}

const edit = (from: string, to: string) => {
  if (!PRICES.includes(from)) throw new Error(`no ${from} in the program`);
  return PRICES.replace(from, to);
};
const CANDIDATES = [
  { id: 1, code: edit("qty >= 10", "qty > 10") },
  { id: 2, code: edit("gross * 0.9", "gross * 0.8") },
  // A mutant that loops forever: only its CPU limit ends it.
  { id: 3, code: edit("    const gross = unit * qty;", "    const gross = unit * qty;\n    while (qty) {}") },
  // A mutant that ends its process (or thread) in the middle of the suite.
  { id: 4, code: edit("  const key = `${unit}x${qty}`;", "  if (qty > 10) process.exit(1);\n  const key = `${unit}x${qty}`;") },
  { id: 5, code: edit("export function price(unit, qty) {", "export function price(unit, qty {") },
  // Fills the cache with a wrong price: a later candidate sharing its module state would fail.
  { id: 6, code: edit("seen.set(key, roundCents(qty >= 10 ? gross * 0.9 : gross));", "seen.set(key, 0);") },
  { id: 7, code: edit("qty >= 10", "qty >= 11") },
  { id: 8, code: edit("roundCents(qty >= 10", "(qty >= 10") },
];

const SET: CandidateSet = { candidates: CANDIDATES, cpuMs: 500 };

describe("the warm Node runner", () => {
  it("gives each candidate of a project the per-batch runner's verdict, from one server for every batch", async () => {
    const box = counting(sandbox);
    // The cache-poisoning mutant runs before the right fix on the same server, in the same batch and in the next.
    const warm = await judge(createWarmNodeRunner(setupFor(box)), SET, [[6, 1, 2, 3], [4, 5, 6, 7, 8]], 2_000);
    const batch = await judge(createBatchRunner(setupFor(sandbox)), SET, [[6, 1, 2, 3], [4, 5, 7, 8]], 2_000);
    expect(box.started).toHaveLength(1);
    expect(warm).toEqual(batch);
    // "orders" checks its four cases in a loop: a result per case, and the test's own.
    expect(warm.tests.map((test) => [test.id, test.outcome])).toEqual([
      ["test/prices.test.js::no discount for a few items", "passed"],
      ["test/prices.test.js::orders::assert@line 10", "passed"],
      ["test/prices.test.js::orders::assert@line 10#2", "failed"],
      ["test/prices.test.js::orders::assert@line 10#3", "passed"],
      ["test/prices.test.js::orders::assert@line 10#4", "passed"],
      ["test/prices.test.js::orders", "passed"],
      ["test/prices.test.js::one quote per order", "passed"],
    ]);
    expect(warm.verdicts[1]).toMatchObject({ failingPassed: 1, restPassed: 6, timedOut: false });
    expect(warm.verdicts[3]).toMatchObject({ timedOut: true });
    expect(warm.verdicts[4]).toMatchObject({ failingPassed: 0, timedOut: false });
    expect(warm.verdicts[6]).toMatchObject({ failingPassed: 0 });
    expect(warm.verdicts[7]).toMatchObject({ failingPassed: 1, restPassed: 6, timedOut: false });
    // Closed with the runner, the hanging mutant's server included.
    await Promise.all(box.started.map((process) => process.exited));
  });

  it("falls back to a run per batch on a sandbox that cannot start long-lived programs", async () => {
    const runOnly: Sandbox = { run: (spec) => sandbox.run(spec), close: async () => {} };
    const result = await judge(createWarmNodeRunner(setupFor(runOnly)), SET, [[1, 2]], 2_000);
    expect(result.verdicts[1]).toMatchObject({ failingPassed: 1, restPassed: 6 });
    expect(result.verdicts[2]).toMatchObject({ failingPassed: 0 });
  });

  it("serves TypeScript through the transpiling runner from one server", async () => {
    const box = counting(sandbox);
    const code = "export function clamp(value: number, low: number, high: number): number {\n  if (value < low) return high;\n  return value > high ? high : value;\n}\n";
    const runner = createCandidateRunner({
      language: "typescript",
      entry: "clamp.ts",
      code,
      tests: [
        {
          path: "clamp.test.ts",
          content:
            'import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { clamp } from "./clamp.js";\n\n' +
            'test("inside", () => assert.equal(clamp(5, 0, 10), 5));\ntest("below", () => assert.equal(clamp(-3, 0, 10), 0));\n',
        },
      ],
      sandbox: box,
      jobs: 2,
    });
    try {
      const baseline = await runner.baseline(2_000, 30_000);
      if (baseline.status !== "ok") throw new Error(baseline.reason);
      expect(baseline.tests.map((test) => test.outcome)).toEqual(["passed", "failed"]);
      // Lines of the TypeScript source, mapped back from the transpiled program's.
      expect(baseline.tests[1].lines).toContain(2);
      const failing = [baseline.tests[1].id];
      const passing = [baseline.tests[0].id];
      const candidates = [
        { id: 1, code: code.replace("return high;", "return low;") },
        { id: 2, code: code.replace("return high;", "return low") },
        { id: 3, code: code.replace("return high;", "return low: number;") },
      ];
      for (const batch of [candidates, candidates]) {
        const outcome = await runner.evaluate({ ...batchOf(SET, [], failing, passing), candidates: batch });
        expect(judged(outcome.verdicts)).toMatchObject({
          1: { failingPassed: 1, restPassed: 1 },
          2: { failingPassed: 1, restPassed: 1 },
          3: { invalid: true },
        });
      }
    } finally {
      await runner.close();
    }
    expect(box.started).toHaveLength(1);
    await Promise.all(box.started.map((process) => process.exited));
  });

  it("keeps a repair whose program and mutants hang within its budget, and ends its servers with it", async () => {
    const box = counting(sandbox);
    const budgetMs = 3_000;
    const result = await repairOffline(
      {
        language: "javascript",
        entry: "digits.js",
        code: "export function digitSum(n) {\n  let total = 0;\n  while (n > 0) {\n    total += Math.floor(n / 10);\n  }\n  return total;\n}\n",
        tests: [
          {
            path: "digits.test.js",
            content:
              'import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { digitSum } from "./digits.js";\n\n' +
              'test("zero", () => assert.equal(digitSum(0), 0));\ntest("one digit", () => assert.equal(digitSum(7), 7));\n' +
              'test("several digits", () => assert.equal(digitSum(1234), 10));\n',
          },
        ],
      },
      { sandbox: box, timeBudgetMs: budgetMs },
    );
    expect(result).toMatchObject({ status: "not_fixed", reason: expect.stringMatching(/^time budget spent/) });
    // The engine's contract: its budget, plus what stopping a runner takes (see DEADLINE_GRACE_MS).
    expect(result.durationMs).toBeLessThanOrEqual(budgetMs + 2_000);
    expect(box.started.length).toBeGreaterThan(0);
    await Promise.all(box.started.map((process) => process.exited));
  });
});
