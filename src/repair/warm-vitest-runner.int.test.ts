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

// Real vitest from npm, in the sandbox, on a loaded two-core machine.
const SLOW = { timeout: 400_000 };
/** The repository's own installed packages, linked into a project's node_modules as `npm link` would. */
const REPO_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));
/** Tests that expect a fix bound the engine by candidates, not by a clock a loaded machine runs out of (#21). */
const BY_CANDIDATES = { maxCandidates: 600, timeBudgetMs: 600_000 };

const sandbox = createSandbox({ onWarning: () => {} });
let base: string;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "mend-warm-vitest-")));
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

/**
 * A TypeScript project laid out as people lay them out: ESM, an `@/` alias to src/ in both
 * tsconfig and vitest.config.ts, a JSON data file the source imports, tests in test/.
 */
function cartProject(name: string): { root: string; files: string[] } {
  const root = join(base, name);
  const files: Record<string, string> = {
    "package.json": '{ "name": "cart", "type": "module", "scripts": { "test": "vitest run" }, "devDependencies": { "vitest": "4.1.12", "vite": "8.3.8" } }\n',
    "tsconfig.json": '{ "compilerOptions": { "target": "ES2022", "module": "ESNext", "moduleResolution": "bundler", "strict": true, "baseUrl": ".", "paths": { "@/*": ["src/*"] }, "noEmit": true }, "include": ["src", "test"] }\n',
    "vitest.config.ts": 'import { defineConfig } from "vitest/config";\nimport { fileURLToPath } from "node:url";\n\nexport default defineConfig({\n  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },\n});\n',
    "src/cart.ts": CART,
    "src/rates.json": '{ "eu": 0.2, "us": 0.07 }\n',
    "src/lib/money.ts": "export function toCents(amount: number): number {\n  return Math.round(amount * 100);\n}\n\nexport function fromCents(cents: number): number {\n  return cents / 100;\n}\n",
    "test/cart.test.ts": CART_TESTS,
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  mkdirSync(join(root, ".git"));
  mkdirSync(join(root, "node_modules"));
  for (const name of ["vitest", "vite"]) symlinkSync(join(REPO_MODULES, name), join(root, "node_modules", name));
  return { root, files: Object.keys(files) };
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

describe("the warm vitest candidate runner", () => {
  it("runs candidate after candidate in one vitest: the fix passes, a loop times out alone, a break of another test and a candidate that does not parse are told apart, and no module state leaks", SLOW, async () => {
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
      // One run to the end (the baseline, with coverage) and one vitest for all six candidates.
      expect({ runs: tally.runs(), starts: tally.starts() }).toEqual({ runs: 1, starts: 1 });
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
});
