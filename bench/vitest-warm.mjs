// bench:vitest-warm: how soon the repair engine's vitest and jest candidate runners get to
// candidates on projects laid out as people lay them out (a TypeScript vitest project: ESM, an
// `@/` alias to src/ in tsconfig and vitest.config.ts, a JSON data file, tests in test/; a
// CommonJS jest project: jest.config.js mapping `@/` to lib/, a JSON data file, tests in
// __tests__/), where the per-group runner starts the runner once per candidate.
//
// Part 1, per runner: the per-group runner (a vitest/jest per run), then the warm one (one
// server per repair, the baseline its first request): the baseline's time, the time to the
// first candidate's verdict (from the runner's creation: what the engine's budget pays before
// it learns anything), and candidates per second after it.
// Part 2, the engine: `repairOffline` on each project with the product's default budget (10 s),
// as `mend repair FILE --model offline` runs it: fixed or not, candidates run, when the
// baseline and the first candidate's verdict came back (read off the sandbox's runs and the
// servers' answers). `MEND_BENCH_DIST=DIR` runs part 2 with another build (an older
// one, to compare); part 1 needs this build's runners.
// Prints the machine's load before each measure.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { root } from "./repair-cases.mjs";

const dist = join(root, "dist");
const engineDist = process.env.MEND_BENCH_DIST ?? dist;
const { values } = parseArgs({ options: { candidates: { type: "string", default: "8" }, part: { type: "string", default: "all" } } });
const part1 = values.part !== "engine" && !process.env.MEND_BENCH_DIST;
if (!existsSync(join(dist, "repair/warm-project-runner.js")) || !existsSync(join(engineDist, "repair/repair-offline.js"))) {
  console.error("bench:vitest-warm: dist/ is missing: run npm run build first");
  process.exit(2);
}
const { createWarmProjectRunner } = await import(join(dist, "repair/warm-project-runner.js"));
const { createProjectRunnerCandidateRunner } = await import(join(dist, "repair/project-runner-candidate-runner.js"));
const { repairOffline } = await import(join(engineDist, "repair/repair-offline.js"));
const { createSandbox } = await import(join(engineDist, "sandbox/create-sandbox.js"));

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
const CART_TESTS = `import { describe, expect, it } from "vitest";
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
const PROJECTS = {
  vitest: {
    entry: "src/cart.ts",
    language: "typescript",
    code: CART,
    tests: { "test/cart.test.ts": CART_TESTS },
    packages: ["vitest", "vite"],
    files: {
      "package.json": '{ "name": "cart", "type": "module", "scripts": { "test": "vitest run" }, "devDependencies": { "vitest": "4.1.12", "vite": "8.3.8" } }\n',
      "tsconfig.json": '{ "compilerOptions": { "strict": true, "moduleResolution": "bundler", "module": "ESNext", "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n',
      "vitest.config.ts": 'import { defineConfig } from "vitest/config";\nimport { fileURLToPath } from "node:url";\n\nexport default defineConfig({ resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } } });\n',
      "src/rates.json": '{ "eu": 0.2, "us": 0.07 }\n',
      "src/lib/money.ts": "export const toCents = (amount: number) => Math.round(amount * 100);\nexport const fromCents = (cents: number) => cents / 100;\n",
    },
    /** Wrong operators and constants, as the engine's mutants are; none of them the fix. */
    variants: ["(1 * rate)", "(1 / rate)", "(2 - rate)", "(0 - rate)", "(1 - rate - 1)", "(rate - 1)", "(1 - 2 * rate)", "(-1 - rate)"].map((variant) => CART.replace("(1 - rate)", variant)),
  },
  jest: {
    entry: "lib/stock.js",
    language: "javascript",
    code: STOCK,
    tests: { "__tests__/stock.test.js": STOCK_TESTS },
    packages: ["jest"],
    files: {
      "package.json": '{ "name": "stock", "private": true, "scripts": { "test": "jest" }, "devDependencies": { "jest": "30.5.2" } }\n',
      "jest.config.js": 'module.exports = {\n  testEnvironment: "node",\n  moduleNameMapper: { "^@/(.*)$": "<rootDir>/lib/$1" },\n};\n',
      "lib/limits.json": '{ "pen": 10, "pad": 8 }\n',
      "lib/util/packs.js": "function packsOf(amount, pack) {\n  return Math.ceil(amount / pack) * pack;\n}\n\nmodule.exports = { packsOf };\n",
    },
    variants: ["need <= 0", "need < 1", "need !== 0", "need < -1", "need * 2 < 0", "need < 0 && false", "-need < 0 && need", "need < 2"].map((variant) => STOCK.replace("need < 0", variant)),
  },
};

const base = mkdtempSync(join(tmpdir(), "mend-bench-vitest-warm-"));
const sandbox = createSandbox({ onWarning: () => {} });
const count = Number(values.candidates);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const load = () => `load ${execFileSync("uptime", { encoding: "utf8" }).trim().replace(/.*load average: /, "")}`;
let made = 0;

/** A fresh copy of the project, its runner linked from the repository's node_modules as `npm link` would. */
function layOut(project) {
  const folder = join(base, `p${made++}`);
  for (const [path, content] of Object.entries({ ...project.files, [project.entry]: project.code, ...project.tests })) {
    mkdirSync(join(folder, path, ".."), { recursive: true });
    writeFileSync(join(folder, path), content);
  }
  mkdirSync(join(folder, ".git"));
  mkdirSync(join(folder, "node_modules"));
  for (const pkg of project.packages) symlinkSync(join(root, "node_modules", pkg), join(folder, "node_modules", pkg));
  return { root: folder, files: [...Object.keys(project.files), project.entry, ...Object.keys(project.tests)] };
}

/**
 * The sandbox, noting when each test result comes back (ms after `started`): a run to its end
 * (the per-group runner's baseline or group), or a warm server's answer line (`{"id":...}`).
 * The engine's first result is its baseline, the second its first candidate's verdict.
 */
function tapSandbox(inner, started) {
  const results = [];
  const mark = () => results.push(Date.now() - started);
  return {
    results,
    sandbox: {
      run: async (spec) => {
        const result = await inner.run(spec);
        mark();
        return result;
      },
      start: async (spec) => {
        const process = await inner.start(spec);
        let buffer = "";
        process.stdout.on("data", (chunk) => {
          buffer += String(chunk);
          let newline;
          while ((newline = buffer.indexOf("\n")) >= 0) {
            if (buffer.startsWith('{"id":')) mark();
            buffer = buffer.slice(newline + 1);
          }
        });
        return process;
      },
      close: () => inner.close(),
    },
  };
}

try {
  for (const [runnerName, project] of part1 ? Object.entries(PROJECTS) : []) {
    const candidates = Array.from({ length: count }, (_, id) => ({ id, code: project.variants[id % project.variants.length] }));
    for (const [name, create] of [
      [`per-group (a ${runnerName} per run)`, (setup) => createProjectRunnerCandidateRunner(setup, runnerName)],
      [`warm (one ${runnerName})`, (setup) => createWarmProjectRunner(setup, runnerName)],
    ]) {
      const started = Date.now();
      const runner = create({
        language: project.language,
        entry: project.entry,
        code: project.code,
        tests: Object.entries(project.tests).map(([path, content]) => ({ path, content })),
        sandbox,
        jobs: 2,
        project: layOut(project),
      });
      try {
        console.log(load());
        const baseline = await runner.baseline(2_000, 120_000);
        const baselineMs = Date.now() - started;
        if (baseline.status !== "ok") throw new Error(`${name}: baseline ${baseline.reason}`);
        const failing = baseline.tests.filter((test) => test.outcome !== "passed").map((test) => test.id);
        const passing = baseline.tests.filter((test) => test.outcome === "passed").map((test) => test.id);
        const batch = (some) => ({ candidates: some, failing, passing, timeoutMs: 5_000, cpuMs: 2_000, budgetMs: 600_000, extraAfterPlausible: 100, originalHangs: false });
        const first = await runner.evaluate(batch(candidates.slice(0, 1)));
        const firstMs = Date.now() - started;
        const restStarted = Date.now();
        const rest = await runner.evaluate(batch(candidates.slice(1)));
        const restMs = Date.now() - restStarted;
        const verdicts = [...first.verdicts, ...rest.verdicts];
        console.log(
          `${name}: baseline ${seconds(baselineMs)}; first candidate's verdict at ${seconds(firstMs)}; ${rest.verdicts.length} more in ${seconds(restMs)} = ${((rest.verdicts.length * 1000) / restMs).toFixed(2)} candidates/s (${verdicts.filter((verdict) => verdict.timedOut || verdict.invalid).length} of ${verdicts.length} timed out or invalid)`,
        );
      } finally {
        await runner.close();
      }
    }
  }
  if (values.part !== "runners") {
    for (const [runnerName, project] of Object.entries(PROJECTS)) {
      const folder = layOut(project);
      console.log(load());
      const started = Date.now();
      const tapped = tapSandbox(sandbox, started);
      const result = await repairOffline(
        { language: project.language, entry: project.entry, code: project.code, tests: Object.entries(project.tests).map(([path, content]) => ({ path, content })), project: folder },
        { sandbox: tapped.sandbox },
      );
      const [baselineAt, firstAt] = tapped.results;
      console.log(
        `engine, ${runnerName} project, default budget (${seconds(result.timeBudgetMs)})${process.env.MEND_BENCH_DIST ? `, ${engineDist}` : ""}: ${result.status === "fixed" ? "fixed" : `not fixed (${result.reason})`}; ${result.candidatesRun} candidates run; baseline done ${baselineAt === undefined ? "never" : `at ${seconds(baselineAt)}`}, first candidate's verdict ${firstAt === undefined ? "never" : `at ${seconds(firstAt)}`}; ${seconds(result.durationMs)} in all`,
      );
    }
  }
} finally {
  await sandbox.close();
  rmSync(base, { recursive: true, force: true });
}
