import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectTestRunner } from "../languages/javascript/run-project-runner.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { CandidateVerdict } from "./candidate-runner.js";
import { createProjectRunnerCandidateRunner } from "./project-runner-candidate-runner.js";

// Real vitest and jest from npm, in the sandbox, on a loaded two-core machine.
const SLOW = { timeout: 300_000 };
/** The repository's own installed packages, linked into a project's node_modules as `npm link` would. */
const REPO_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));

const sandbox = createSandbox({ onWarning: () => {} });
let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "mend-project-runner-"));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(base, { recursive: true, force: true });
});

/** A project as people have it: its manifest, sources, tests and its runner installed. */
function project(name: string, runner: ProjectTestRunner, files: Record<string, string>): { root: string; files: string[] } {
  const root = join(base, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  mkdirSync(join(root, ".git"));
  mkdirSync(join(root, "node_modules"));
  symlinkSync(join(REPO_MODULES, runner), join(root, "node_modules", runner));
  return { root, files: Object.keys(files) };
}

const DISCOUNT = "export function discount(total) {\n  if (total > 100) return total * 0.1;\n  return 0;\n}\n";
const VITEST_TESTS = `import { describe, expect, it } from "vitest";
import { pay } from "../src/checkout.js";

describe("pay", () => {
  it("no discount under 100", () => expect(pay(50)).toBe(50));
  it("discount from 100", () => expect(pay(100)).toBe(90));
  it("discount above", () => expect(pay(200)).toBe(180));
});
`;
/** Eight candidates, as the engine sends a group: the fourth loops forever, the last is the fix. */
const VARIANTS = ["total > 99.5", "total < 100", "total > 101", "total !== 100", "total > 0", "total >= 101", "total > 1000", "total >= 100"];
const LOOPING = 3;

function candidatesOf(original: string, from: string): { id: number; code: string }[] {
  return VARIANTS.map((variant, id) => ({
    id,
    code: id === LOOPING ? original.replace("{\n", "{\n  while (true) {}\n") : original.replace(from, variant),
  }));
}

function show(verdicts: CandidateVerdict[]): string {
  return verdicts.map((verdict) => `${verdict.id}:${verdict.timedOut ? "timeout" : verdict.invalid ? "invalid" : `${verdict.failingPassed}+${verdict.restPassed}`}`).join(" ");
}

describe("the vitest/jest candidate runner", () => {
  it("records which lines of the entry each vitest test runs, and loses only the looping candidate of a group: the others still get their verdicts", SLOW, async () => {
    const { root, files } = project("checkout-vitest", "vitest", {
      "package.json": '{ "name": "checkout", "type": "module", "scripts": { "test": "vitest run" }, "devDependencies": { "vitest": "4.1.12" } }\n',
      "src/discount.js": DISCOUNT,
      "src/checkout.js": 'import { discount } from "./discount.js";\n\nexport function pay(total) {\n  return total - discount(total);\n}\n',
      "test/checkout.test.js": VITEST_TESTS,
    });
    const runner = createProjectRunnerCandidateRunner(
      { language: "javascript", entry: "src/discount.js", code: DISCOUNT, tests: [{ path: "test/checkout.test.js", content: VITEST_TESTS }], sandbox, jobs: 2, project: { root, files } },
      "vitest",
    );
    const baseline = await runner.baseline(2_000, 30_000);
    expect(baseline.status).toBe("ok");
    if (baseline.status !== "ok") return;
    const failing = baseline.tests.filter((test) => test.outcome !== "passed").map((test) => test.id);
    const passing = baseline.tests.filter((test) => test.outcome === "passed").map((test) => test.id);
    expect(failing).toEqual(["test/checkout.test.js::pay discount from 100"]);
    // Per-test coverage of the entry: the test above 100 never reaches `return 0`.
    expect(Object.fromEntries(baseline.tests.map((test) => [test.id.split("::")[1], test.lines]))).toEqual({
      "pay no discount under 100": [2, 3],
      "pay discount from 100": [2, 3],
      "pay discount above": [2],
    });
    const outcome = await runner.evaluate({
      candidates: candidatesOf(DISCOUNT, "total > 100"),
      failing,
      passing,
      timeoutMs: 3_000,
      cpuMs: 1_000,
      budgetMs: 240_000,
      extraAfterPlausible: 100,
      originalHangs: false,
    });
    console.log(`vitest group of 8, candidate ${LOOPING} looping: ${show(outcome.verdicts)}`);
    expect(outcome.verdicts).toHaveLength(VARIANTS.length);
    const byId = new Map(outcome.verdicts.map((verdict) => [verdict.id, verdict]));
    expect(byId.get(LOOPING)).toMatchObject({ timedOut: true, invalid: false, restPassed: null });
    for (const [id, verdict] of byId) if (id !== LOOPING) expect(verdict, `candidate ${id}`).toMatchObject({ timedOut: false, invalid: false });
    // The fix passes everything; `total < 100` gives the discount below 100 instead of above.
    expect(byId.get(7)).toMatchObject({ failingPassed: 1, restPassed: 2 });
    expect(byId.get(1)).toMatchObject({ failingPassed: 0, restPassed: 0 });
  });

  it("records which lines each jest test runs, and loses only the looping candidate of a jest group (CommonJS, jest's globals)", SLOW, async () => {
    const fizz = 'function fizz(n) {\n  if (n % 15 === 0) return "FizzBuzz";\n  if (n % 3 === 0) return "Fizz";\n  if (n % 5 === 1) return "Buzz";\n  return String(n);\n}\n\nmodule.exports = { fizz };\n';
    const tests = 'const { play } = require("../lib/game");\n\ntest("first fifteen", () => {\n  expect(play(15)).toEqual(["1", "2", "Fizz", "4", "Buzz", "Fizz", "7", "8", "Fizz", "Buzz", "11", "Fizz", "13", "14", "FizzBuzz"]);\n});\n\ntest("none", () => {\n  expect(play(0)).toEqual([]);\n});\n';
    const { root, files } = project("fizz-jest", "jest", {
      "package.json": '{ "name": "fizz", "scripts": { "test": "jest" }, "devDependencies": { "jest": "30.5.2" } }\n',
      "lib/fizz.js": fizz,
      "lib/game.js": 'const { fizz } = require("./fizz");\n\nfunction play(n) {\n  return Array.from({ length: n }, (_, i) => fizz(i + 1));\n}\n\nmodule.exports = { play };\n',
      "__tests__/game.test.js": tests,
    });
    const runner = createProjectRunnerCandidateRunner(
      { language: "javascript", entry: "lib/fizz.js", code: fizz, tests: [{ path: "__tests__/game.test.js", content: tests }], sandbox, jobs: 2, project: { root, files } },
      "jest",
    );
    const baseline = await runner.baseline(2_000, 30_000);
    expect(baseline.status).toBe("ok");
    if (baseline.status !== "ok") return;
    const failing = baseline.tests.filter((test) => test.outcome !== "passed").map((test) => test.id);
    const passing = baseline.tests.filter((test) => test.outcome === "passed").map((test) => test.id);
    // Per-test coverage of the entry: no call, no line of fizz.
    expect(Object.fromEntries(baseline.tests.map((test) => [test.id.split("::")[1], test.lines]))).toEqual({ "first fifteen": [2, 3, 4, 5], none: [] });
    const candidates = [0, 1, 2, 3, 4, 2, 3, 4].map((rest, id) => ({
      id,
      code: id === LOOPING ? fizz.replace("{\n", "{\n  while (true) {}\n") : fizz.replace("n % 5 === 1", id === 7 ? "n % 5 === 0" : `n % 5 === ${rest}`),
    }));
    const outcome = await runner.evaluate({ candidates, failing, passing, timeoutMs: 3_000, cpuMs: 1_000, budgetMs: 240_000, extraAfterPlausible: 100, originalHangs: false });
    console.log(`jest group of 8, candidate ${LOOPING} looping: ${show(outcome.verdicts)}`);
    const byId = new Map(outcome.verdicts.map((verdict) => [verdict.id, verdict]));
    expect(byId.get(LOOPING)).toMatchObject({ timedOut: true, invalid: false, restPassed: null });
    for (const [id, verdict] of byId) if (id !== LOOPING) expect(verdict, `candidate ${id}`).toMatchObject({ timedOut: false, invalid: false });
    expect(byId.get(0)).toMatchObject({ failingPassed: 1, restPassed: 1 });
    expect(byId.get(7)).toMatchObject({ failingPassed: 1, restPassed: 1 });
    expect(byId.get(2)).toMatchObject({ failingPassed: 0 });
  });
});

describe("the vitest/jest candidate runner at the engine's deadline", () => {
  it("never asks the sandbox for a jest run that would end past the batch's wall limit, start-up included", SLOW, async () => {
    const fizz = 'function fizz(n) {\n  if (n % 15 === 0) return "FizzBuzz";\n  if (n % 3 === 0) return "Fizz";\n  if (n % 5 === 1) return "Buzz";\n  return String(n);\n}\n\nmodule.exports = { fizz };\n';
    const tests = 'const { fizz } = require("../lib/fizz");\n\ntest("five", () => {\n  expect(fizz(5)).toBe("Buzz");\n});\n\ntest("three", () => {\n  expect(fizz(3)).toBe("Fizz");\n});\n';
    const { root, files } = project("fizz-deadline", "jest", {
      "package.json": '{ "name": "fizz", "scripts": { "test": "jest" }, "devDependencies": { "jest": "30.5.2" } }\n',
      "lib/fizz.js": fizz,
      "__tests__/fizz.test.js": tests,
    });
    const asked: number[] = [];
    const recording = { ...sandbox, run: (request: Parameters<typeof sandbox.run>[0]) => (asked.push(request.timeoutMs ?? Infinity), sandbox.run(request)) };
    const runner = createProjectRunnerCandidateRunner(
      { language: "javascript", entry: "lib/fizz.js", code: fizz, tests: [{ path: "__tests__/fizz.test.js", content: tests }], sandbox: recording, jobs: 2, project: { root, files } },
      "jest",
    );
    // Every candidate loops, so a group's run lasts as long as it is allowed to: the batch's
    // time budget and the tests' timeouts are generous, only the wall limit (the engine's
    // deadline) is short, as it is when a search has a few seconds left.
    const candidates = [0, 1, 2, 3].map((id) => ({ id, code: fizz.replace("{\n", "{\n  while (true) {}\n") }));
    const wallLimitMs = 4_000;
    await runner.evaluate({ candidates, failing: ["__tests__/fizz.test.js::five"], passing: ["__tests__/fizz.test.js::three"], timeoutMs: 60_000, cpuMs: 60_000, budgetMs: 240_000, extraAfterPlausible: 100, originalHangs: false, wallLimitMs });
    expect(asked.length).toBeGreaterThan(0);
    for (const limit of asked) expect(limit).toBeLessThanOrEqual(wallLimitMs);
  });
});
