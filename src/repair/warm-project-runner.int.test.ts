import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../shared/sandbox.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { CandidateVerdict } from "./candidate-runner.js";
import { createCandidateRunner } from "./create-candidate-runner.js";
import { repairOffline } from "./repair-offline.js";

// Real vitest and jest from npm, in the sandbox, on a loaded two-core machine.
const SLOW = { timeout: 400_000 };
/** The repository's own installed packages, linked into a project's node_modules as `npm link` would. */
const REPO_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));
/** Tests that expect a fix bound the engine by candidates, not by a clock a loaded machine runs out of (#21). */
const BY_CANDIDATES = { maxCandidates: 600, timeBudgetMs: 600_000 };

const sandbox = createSandbox({ onWarning: () => {} });
let base: string;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "mend-warm-project-")));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(base, { recursive: true, force: true });
});

const CART = `import { fromCents, toCents } from "@/lib/money";
import rates from "./rates.json";

export interface Item {
  name: string;
  price: number;
  quantity: number;
}

export function subtotal(items: Item[]): number {
  const cents = items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0);
  return fromCents(cents);
}

export function withTax(items: Item[], region: keyof typeof rates): number {
  const rate = rates[region];
  return fromCents(Math.round(toCents(subtotal(items)) * (1 - rate)));
}
`;
const CART_TESTS = `import { describe, expect, it } from "vitest";
import { subtotal, withTax } from "@/cart";

const items = [
  { name: "pen", price: 1.25, quantity: 4 },
  { name: "pad", price: 3.1, quantity: 1 },
];

describe("cart", () => {
  it("adds up the items", () => {
    expect(subtotal(items)).toBe(8.1);
  });

  it("adds the region's tax", () => {
    expect(withTax(items, "eu")).toBe(9.72);
    expect(withTax(items, "us")).toBe(8.67);
  });
});
`;

/** Writes a project's files under `base/name`, its runner's packages linked from the repository's node_modules as `npm link` would. */
function layOut(name: string, files: Record<string, string>, packages: string[]): { root: string; files: string[] } {
  const root = join(base, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  mkdirSync(join(root, ".git"));
  mkdirSync(join(root, "node_modules"));
  for (const pkg of packages) symlinkSync(join(REPO_MODULES, pkg), join(root, "node_modules", pkg));
  return { root, files: Object.keys(files) };
}

/**
 * A TypeScript project laid out as people lay them out: ESM, an `@/` alias to src/ in both
 * tsconfig and vitest.config.ts, a JSON data file the source imports, tests in test/.
 */
function cartProject(name: string): { root: string; files: string[] } {
  return layOut(
    name,
    {
      "package.json": '{ "name": "cart", "type": "module", "scripts": { "test": "vitest run" }, "devDependencies": { "vitest": "4.1.12", "vite": "8.3.8" } }\n',
      "tsconfig.json": '{ "compilerOptions": { "target": "ES2022", "module": "ESNext", "moduleResolution": "bundler", "strict": true, "baseUrl": ".", "paths": { "@/*": ["src/*"] }, "noEmit": true }, "include": ["src", "test"] }\n',
      "vitest.config.ts": 'import { defineConfig } from "vitest/config";\nimport { fileURLToPath } from "node:url";\n\nexport default defineConfig({\n  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },\n});\n',
      "src/cart.ts": CART,
      "src/rates.json": '{ "eu": 0.2, "us": 0.07 }\n',
      "src/lib/money.ts": "export function toCents(amount: number): number {\n  return Math.round(amount * 100);\n}\n\nexport function fromCents(cents: number): number {\n  return cents / 100;\n}\n",
      "test/cart.test.ts": CART_TESTS,
    },
    ["vitest", "vite"],
  );
}

const STOCK = `const { packsOf } = require("@/util/packs");
const limits = require("./limits.json");

function reorder(item) {
  const need = limits[item.kind] - item.count;
  return need < 0 ? packsOf(need, item.pack) : 0;
}

function total(items) {
  return items.reduce((sum, item) => sum + item.count, 0);
}

module.exports = { reorder, total };
`;
const STOCK_TESTS = `const { reorder, total } = require("@/stock");

describe("stock", () => {
  test("counts what is on the shelf", () => {
    expect(total([{ kind: "pen", count: 3 }, { kind: "pad", count: 4 }])).toBe(7);
  });

  test("reorders whole packs up to the limit", () => {
    expect(reorder({ kind: "pen", count: 3, pack: 5 })).toBe(10);
    expect(reorder({ kind: "pad", count: 12, pack: 4 })).toBe(0);
  });
});
`;

/**
 * A CommonJS project tested with jest as people have them: jest.config.js mapping `@/` to lib/
 * (which ties the tests to the project's paths), a helper module, a JSON data file, tests in
 * __tests__/ using jest's globals.
 */
function stockProject(name: string): { root: string; files: string[] } {
  return layOut(
    name,
    {
      "package.json": '{ "name": "stock", "private": true, "scripts": { "test": "jest" }, "devDependencies": { "jest": "30.5.2" } }\n',
      "jest.config.js": 'module.exports = {\n  testEnvironment: "node",\n  moduleNameMapper: { "^@/(.*)$": "<rootDir>/lib/$1" },\n};\n',
      "lib/stock.js": STOCK,
      "lib/limits.json": '{ "pen": 10, "pad": 8 }\n',
      "lib/util/packs.js": "function packsOf(amount, pack) {\n  return Math.ceil(amount / pack) * pack;\n}\n\nmodule.exports = { packsOf };\n",
      "__tests__/stock.test.js": STOCK_TESTS,
    },
    ["jest"],
  );
}

/** The real sandbox, counting the programs it runs to the end and those it starts to talk to. */
function counted(inner: Sandbox): { sandbox: Sandbox; runs: () => number; starts: () => number } {
  let runs = 0;
  let starts = 0;
  return {
    sandbox: {
      run: (spec) => {
        runs++;
        return inner.run(spec);
      },
      start: (spec) => {
        starts++;
        return inner.start!(spec);
      },
      close: () => inner.close(),
    },
    runs: () => runs,
    starts: () => starts,
  };
}

function show(verdicts: CandidateVerdict[]): string {
  return verdicts.map((verdict) => `${verdict.id}:${verdict.timedOut ? "timeout" : verdict.invalid ? "invalid" : `${verdict.failingPassed}+${verdict.restPassed}`}`).join(" ");
}

describe("the warm vitest and jest candidate runner", () => {
  it("runs the baseline and candidate after candidate in one vitest: per-test coverage, the fix passes, a loop times out alone, a break of another test and a candidate that does not parse are told apart, and no module state leaks", SLOW, async () => {
    const project = cartProject("cart-candidates");
    const tally = counted(sandbox);
    const runner = createCandidateRunner({
      language: "typescript",
      entry: "src/cart.ts",
      code: CART,
      tests: [{ path: "test/cart.test.ts", content: CART_TESTS }],
      sandbox: tally.sandbox,
      jobs: 2,
      project,
    });
    try {
      const baseline = await runner.baseline(2_000, 60_000);
      expect(baseline.status).toBe("ok");
      if (baseline.status !== "ok") return;
      const failing = baseline.tests.filter((test) => test.outcome !== "passed").map((test) => test.id);
      const passing = baseline.tests.filter((test) => test.outcome === "passed").map((test) => test.id);
      expect(failing).toEqual(["test/cart.test.ts::cart adds the region's tax"]);
      expect(passing).toEqual(["test/cart.test.ts::cart adds up the items"]);
      // Per-test coverage of the entry: the sum never reaches withTax; the tax goes through both.
      expect(Object.fromEntries(baseline.tests.map((test) => [test.id.split("::")[1], [...test.lines].sort((a, b) => a - b)]))).toEqual({
        "cart adds up the items": [11, 12],
        "cart adds the region's tax": [11, 12, 16, 17],
      });
      const fix = CART.replace("(1 - rate)", "(1 + rate)");
      const candidates = [
        // Changes the imported JSON's shared object as it loads: were modules shared between
        // candidates, the fix after it would see eu's rate doubled.
        { id: 0, code: CART.replace("const rate = rates[region];", "rates.eu *= 2;\n  const rate = rates[region];") },
        { id: 1, code: fix },
        { id: 2, code: CART.replace("const rate = rates[region];", "const rate = rates[region];\n  while (rate) {}") },
        { id: 3, code: fix.replace("return fromCents(cents);", "return fromCents(cents) + 0.01;") },
        { id: 4, code: CART.replace("export function subtotal", "export function subtotal(((") },
        { id: 5, code: fix },
      ];
      const outcome = await runner.evaluate({ candidates, failing, passing, timeoutMs: 3_000, cpuMs: 1_000, budgetMs: 300_000, extraAfterPlausible: 100, originalHangs: false });
      console.log(`warm vitest, six candidates: ${show(outcome.verdicts)}`);
      const byId = new Map(outcome.verdicts.map((verdict) => [verdict.id, verdict]));
      expect(outcome.unstarted).toEqual([]);
      expect(byId.get(0)).toMatchObject({ timedOut: false, invalid: false, failingPassed: 0, restPassed: 1 });
      expect(byId.get(1)).toMatchObject({ timedOut: false, invalid: false, failingPassed: 1, restPassed: 1 });
      expect(byId.get(2)).toMatchObject({ timedOut: true, invalid: false, restPassed: null });
      // Its subtotal is a cent off: the test of the sum fails, and the tax test with it.
      expect(byId.get(3)).toMatchObject({ timedOut: false, invalid: false, failingPassed: 0, restPassed: 0 });
      expect(byId.get(4)).toMatchObject({ timedOut: false, invalid: true });
      // After the loop (its worker killed) the same vitest still judges the fix right.
      expect(byId.get(5)).toMatchObject({ timedOut: false, invalid: false, failingPassed: 1, restPassed: 1 });
      // One vitest for the baseline (with coverage) and all six candidates, nothing run to the end.
      expect({ runs: tally.runs(), starts: tally.starts() }).toEqual({ runs: 0, starts: 1 });
      // The candidates were written over the run's own copy of the entry, never the project's.
      expect(readFileSync(join(project.root, "src/cart.ts"), "utf8")).toBe(CART);
    } finally {
      await runner.close();
    }
  });

  it("lets the engine repair the project's wrong sign of its tax rate", SLOW, async () => {
    const project = cartProject("cart-repair");
    const result = await repairOffline(
      { language: "typescript", entry: "src/cart.ts", code: CART, tests: [{ path: "test/cart.test.ts", content: CART_TESTS }], project },
      { sandbox, ...BY_CANDIDATES },
    );
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.code).toBe(CART.replace("(1 - rate)", "(1 + rate)"));
  });

  it("runs the baseline and candidate after candidate in one jest: per-test coverage, the fix passes, a break of another test and a candidate that does not parse are told apart, no module state leaks, and after a looping candidate a fresh jest judges the next", SLOW, async () => {
    const project = stockProject("stock-candidates");
    const tally = counted(sandbox);
    const runner = createCandidateRunner({
      language: "javascript",
      entry: "lib/stock.js",
      code: STOCK,
      tests: [{ path: "__tests__/stock.test.js", content: STOCK_TESTS }],
      sandbox: tally.sandbox,
      jobs: 2,
      project,
    });
    try {
      const baseline = await runner.baseline(2_000, 60_000);
      expect(baseline.status).toBe("ok");
      if (baseline.status !== "ok") return;
      const failing = baseline.tests.filter((test) => test.outcome !== "passed").map((test) => test.id);
      const passing = baseline.tests.filter((test) => test.outcome === "passed").map((test) => test.id);
      expect(failing).toEqual(["__tests__/stock.test.js::stock reorders whole packs up to the limit"]);
      expect(passing).toEqual(["__tests__/stock.test.js::stock counts what is on the shelf"]);
      // Per-test coverage of the entry: the count never reaches reorder, the reorder never total.
      expect(Object.fromEntries(baseline.tests.map((test) => [test.id.split("::")[1], [...test.lines].sort((a, b) => a - b)]))).toEqual({
        "stock counts what is on the shelf": [10],
        "stock reorders whole packs up to the limit": [5, 6],
      });
      const fix = STOCK.replace("need < 0", "need > 0");
      const candidates = [
        // Changes the required JSON's shared object: were modules shared between candidates,
        // the fix after it would see the pen's limit doubled and reorder too much.
        { id: 0, code: STOCK.replace("const need =", "limits.pen *= 2;\n  const need =") },
        { id: 1, code: fix },
        // Breaks the count, fixes the reorder.
        { id: 2, code: fix.replace("sum + item.count", "sum + item.count + 1") },
        { id: 3, code: STOCK.replace("function reorder(item) {", "function reorder(((item) {") },
        { id: 4, code: STOCK.replace("const need = limits[item.kind] - item.count;", "const need = limits[item.kind] - item.count;\n  while (need) {}") },
        { id: 5, code: fix },
      ];
      const outcome = await runner.evaluate({ candidates, failing, passing, timeoutMs: 3_000, cpuMs: 1_000, budgetMs: 300_000, extraAfterPlausible: 100, originalHangs: false });
      console.log(`warm jest, six candidates: ${show(outcome.verdicts)}`);
      const byId = new Map(outcome.verdicts.map((verdict) => [verdict.id, verdict]));
      expect(outcome.unstarted).toEqual([]);
      expect(byId.get(0)).toMatchObject({ timedOut: false, invalid: false, failingPassed: 0, restPassed: 1 });
      expect(byId.get(1)).toMatchObject({ timedOut: false, invalid: false, failingPassed: 1, restPassed: 1 });
      expect(byId.get(2)).toMatchObject({ timedOut: false, invalid: false, failingPassed: 1, restPassed: 0 });
      expect(byId.get(3)).toMatchObject({ timedOut: false, invalid: true });
      expect(byId.get(4)).toMatchObject({ timedOut: true, invalid: false, restPassed: null });
      expect(byId.get(5)).toMatchObject({ timedOut: false, invalid: false, failingPassed: 1, restPassed: 1 });
      // One jest for the baseline and the first five, a second one after the loop blocked the first.
      expect({ runs: tally.runs(), starts: tally.starts() }).toEqual({ runs: 0, starts: 2 });
      expect(readFileSync(join(project.root, "lib/stock.js"), "utf8")).toBe(STOCK);
    } finally {
      await runner.close();
    }
  });

  it("lets the engine repair the jest project's inverted reorder condition", SLOW, async () => {
    const project = stockProject("stock-repair");
    const result = await repairOffline(
      { language: "javascript", entry: "lib/stock.js", code: STOCK, tests: [{ path: "__tests__/stock.test.js", content: STOCK_TESTS }], project },
      { sandbox, ...BY_CANDIDATES },
    );
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.code).toBe(STOCK.replace("need < 0", "need > 0"));
  });

  it("says it ran out of time when the budget ends before the warm jest's baseline, with no candidate run", SLOW, async () => {
    const project = stockProject("stock-short");
    const result = await repairOffline(
      { language: "javascript", entry: "lib/stock.js", code: STOCK, tests: [{ path: "__tests__/stock.test.js", content: STOCK_TESTS }], project },
      // Less than a Node process takes to start: no baseline can finish in it.
      { sandbox, timeBudgetMs: 10 },
    );
    expect(result).toMatchObject({ status: "not_fixed", candidatesRun: 0, reason: "time budget spent before the tests' first run finished" });
  });
});
