// bench:vitest-warm: candidates per second of the repair engine's two vitest candidate runners
// on a TypeScript project laid out as people lay them out (ESM, an `@/` alias to src/ in
// tsconfig and vitest.config.ts, a JSON data file, tests in test/), where the per-group runner
// starts vitest once per candidate: the per-group runner, then the warm one (one vitest per
// repair). Prints the machine's load, each runner's baseline time, and its candidates' time.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { root } from "./repair-cases.mjs";

const dist = join(root, "dist");
if (!existsSync(join(dist, "repair/warm-vitest-runner.js"))) {
  console.error("bench:vitest-warm: dist/ is missing: run npm run build first");
  process.exit(2);
}
const { createWarmVitestRunner } = await import(join(dist, "repair/warm-vitest-runner.js"));
const { createProjectRunnerCandidateRunner } = await import(join(dist, "repair/project-runner-candidate-runner.js"));
const { createSandbox } = await import(join(dist, "sandbox/create-sandbox.js"));
const { values } = parseArgs({ options: { candidates: { type: "string", default: "8" } } });

const CART = `import { fromCents, toCents } from "@/lib/money";
import rates from "./rates.json";

export function subtotal(items: { price: number; quantity: number }[]): number {
  return fromCents(items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0));
}

export function withTax(items: { price: number; quantity: number }[], region: keyof typeof rates): number {
  const rate = rates[region];
  return fromCents(Math.round(toCents(subtotal(items)) * (1 - rate)));
}
`;
const TESTS = `import { describe, expect, it } from "vitest";
import { subtotal, withTax } from "@/cart";

const items = [{ price: 1.25, quantity: 4 }, { price: 3.1, quantity: 1 }];

describe("cart", () => {
  it("adds up the items", () => expect(subtotal(items)).toBe(8.1));
  it("adds the region's tax", () => {
    expect(withTax(items, "eu")).toBe(9.72);
    expect(withTax(items, "us")).toBe(8.67);
  });
});
`;
const FILES = {
  "package.json": '{ "name": "cart", "type": "module", "devDependencies": { "vitest": "4.1.12", "vite": "8.3.8" } }\n',
  "tsconfig.json": '{ "compilerOptions": { "strict": true, "moduleResolution": "bundler", "module": "ESNext", "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n',
  "vitest.config.ts": 'import { defineConfig } from "vitest/config";\nimport { fileURLToPath } from "node:url";\n\nexport default defineConfig({ resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } } });\n',
  "src/cart.ts": CART,
  "src/rates.json": '{ "eu": 0.2, "us": 0.07 }\n',
  "src/lib/money.ts": "export const toCents = (amount: number) => Math.round(amount * 100);\nexport const fromCents = (cents: number) => cents / 100;\n",
  "test/cart.test.ts": TESTS,
};
/** Wrong operators and constants, as the engine's mutants are; none of them the fix. */
const VARIANTS = ["(1 * rate)", "(1 / rate)", "(2 - rate)", "(0 - rate)", "(1 - rate - 1)", "(rate - 1)", "(1 - 2 * rate)", "(-1 - rate)"];

const base = mkdtempSync(join(tmpdir(), "mend-bench-vitest-warm-"));
const sandbox = createSandbox({ onWarning: () => {} });
const count = Number(values.candidates);
const candidates = Array.from({ length: count }, (_, id) => ({ id, code: CART.replace("(1 - rate)", VARIANTS[id % VARIANTS.length]) }));
try {
  for (const [name, create] of [
    ["per-group (a vitest per candidate)", (setup) => createProjectRunnerCandidateRunner(setup, "vitest")],
    ["warm (one vitest)", createWarmVitestRunner],
  ]) {
    const project = join(base, name.split(" ")[0]);
    for (const [path, content] of Object.entries(FILES)) {
      mkdirSync(join(project, path, ".."), { recursive: true });
      writeFileSync(join(project, path), content);
    }
    mkdirSync(join(project, "node_modules"));
    for (const pkg of ["vitest", "vite"]) symlinkSync(join(root, "node_modules", pkg), join(project, "node_modules", pkg));
    const runner = create({
      language: "typescript",
      entry: "src/cart.ts",
      code: CART,
      tests: [{ path: "test/cart.test.ts", content: TESTS }],
      sandbox,
      jobs: 2,
      project: { root: project, files: Object.keys(FILES) },
    });
    try {
      console.log(`load: ${execFileSync("uptime", { encoding: "utf8" }).trim()}`);
      let started = Date.now();
      const baseline = await runner.baseline(2_000, 120_000);
      const baselineMs = Date.now() - started;
      if (baseline.status !== "ok") throw new Error(`${name}: baseline ${baseline.reason}`);
      const failing = baseline.tests.filter((test) => test.outcome !== "passed").map((test) => test.id);
      const passing = baseline.tests.filter((test) => test.outcome === "passed").map((test) => test.id);
      started = Date.now();
      const outcome = await runner.evaluate({ candidates, failing, passing, timeoutMs: 5_000, cpuMs: 2_000, budgetMs: 600_000, extraAfterPlausible: 100, originalHangs: false });
      const ms = Date.now() - started;
      const ran = outcome.verdicts.length;
      console.log(`${name}: baseline ${(baselineMs / 1000).toFixed(1)} s; ${ran} candidates in ${(ms / 1000).toFixed(1)} s = ${((ran * 1000) / ms).toFixed(2)} candidates/s (${outcome.verdicts.filter((verdict) => verdict.timedOut || verdict.invalid).length} timed out or invalid)`);
    } finally {
      await runner.close();
    }
  }
} finally {
  await sandbox.close();
  rmSync(base, { recursive: true, force: true });
}
