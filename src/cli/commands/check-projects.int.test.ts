import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runMend } from "./__fixtures__/spawn-mend.js";

// The project folders bench:cli times `mend check` on, checked as they are and with the slips
// people make, so that making the check faster cannot change what it says about them.
const PROJECTS = fileURLToPath(new URL("../../../bench/cli-projects", import.meta.url));
const REPO_MODULES = fileURLToPath(new URL("../../../node_modules", import.meta.url));
/** Each runs the project's own runner, some twice. */
const SLOW = { timeout: 240_000 };

const base = mkdtempSync(join(tmpdir(), "mend-check-projects-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A copy of a bench project, its devDependencies linked from mendloop's own install (no registry in tests). */
function project(name: string, edits: Record<string, (source: string) => string> = {}): string {
  const root = mkdtempSync(join(base, `${name}-`));
  cpSync(join(PROJECTS, name), root, { recursive: true });
  const manifest = join(root, "package.json");
  const wanted = name.startsWith("py-") ? {} : (JSON.parse(readFileSync(manifest, "utf8")) as { devDependencies: object }).devDependencies;
  for (const dependency of Object.keys(wanted)) {
    mkdirSync(join(root, "node_modules", dependency, ".."), { recursive: true });
    symlinkSync(join(REPO_MODULES, dependency), join(root, "node_modules", dependency));
  }
  for (const [path, edit] of Object.entries(edits)) writeFileSync(join(root, path), edit(readFileSync(join(root, path), "utf8")));
  return root;
}

interface CheckJson {
  passed: boolean;
  stage: string;
  errorType?: string;
  summary: string;
  location?: { file: string; line: number };
  tests?: { passed: number; failed: number };
  layers: Array<{ name: string; status: string; reason?: string }>;
}

async function check(root: string, args: string[]): Promise<CheckJson> {
  const result = await runMend(["check", ...args, "--json"], { cwd: root });
  const json = JSON.parse(result.stdout) as CheckJson;
  expect(result.code).toBe(json.passed ? 0 : 1);
  return json;
}

const statuses = (json: CheckJson) => json.layers.map((layer) => `${layer.name} ${layer.status}${layer.reason ? ` (${layer.reason})` : ""}`);

describe("mend check on project folders", () => {
  it("passes the jest project (CommonJS) and stops at lint on a misspelt name, at tests on a wrong rate", SLOW, async () => {
    const args = ["lib", "--tests", "__tests__"];
    const clean = await check(project("jest-cjs"), args);
    expect(clean).toMatchObject({ passed: true, stage: "ok", tests: { passed: 11, failed: 0 } });
    expect(statuses(clean)).toEqual(["syntax pass", "imports pass", "network pass", "lint pass", "types skipped (type checking is off for this task)", "tests pass"]);

    const misspelt = await check(project("jest-cjs", { "lib/invoice.js": (source) => source.replace("return roundCents(gross", "return roundCent(gross") }), args);
    expect(misspelt).toMatchObject({ passed: false, stage: "lint", errorType: "lint", location: { file: "lib/invoice.js", line: 9 } });
    expect(misspelt.summary).toMatch(/^TS2552 Cannot find name 'roundCent'/);
    expect(statuses(misspelt).slice(4)).toEqual(["types skipped (stopped at lint)", "tests skipped (stopped at lint)"]);

    const wrongRate = await check(project("jest-cjs", { "lib/tax.js": (source) => source.replace("standard: 0.2,", "standard: 0.02,") }), args);
    expect(wrongRate).toMatchObject({ passed: false, stage: "tests", errorType: "assertion", tests: { passed: 10, failed: 1 } });
  });

  it("passes the vitest ESM project and stops at syntax on an unclosed call", SLOW, async () => {
    const args = ["src", "--tests", "test"];
    const clean = await check(project("vitest-esm"), args);
    expect(clean).toMatchObject({ passed: true, stage: "ok", tests: { passed: 7, failed: 0 } });

    const unclosed = await check(project("vitest-esm", { "src/text.js": (source) => source.replace(".filter(Boolean);", ".filter(Boolean;") }), args);
    expect(unclosed).toMatchObject({ passed: false, stage: "syntax", errorType: "syntax", location: { file: "src/text.js", line: 6 } });
    expect(statuses(unclosed).at(-1)).toBe("tests skipped (stopped at syntax)");
  });

  it("passes the TypeScript project with its types and stops at types on a string where a number goes", SLOW, async () => {
    const args = ["src", "--tests", "test"];
    const clean = await check(project("ts-vitest"), args);
    expect(clean).toMatchObject({ passed: true, stage: "ok", tests: { passed: 4, failed: 0 } });
    expect(statuses(clean)).toContain("types pass");

    const mistyped = await check(project("ts-vitest", { "src/clock.ts": (source) => source.replace("this.time += ms;", "this.time += String(ms);") }), args);
    expect(mistyped).toMatchObject({ passed: false, stage: "types", errorType: "type_check", location: { file: "src/clock.ts", line: 15 } });
    expect(statuses(mistyped).at(-1)).toBe("tests skipped (stopped at types)");

    // Lint comes before types: an undefined name is a lint finding, not a type error.
    const misspelt = await check(project("ts-vitest", { "src/limiter.ts": (source) => source.replace("bucket.tryTake(cost)", "bucket.tryTake(costs)") }), args);
    expect(misspelt).toMatchObject({ passed: false, stage: "lint", errorType: "lint", location: { file: "src/limiter.ts", line: 15 } });
    expect(misspelt.summary).toMatch(/^TS2552 Cannot find name 'costs'/);
    expect(statuses(misspelt).slice(4)).toEqual(["types skipped (stopped at lint)", "tests skipped (stopped at lint)"]);
  });

  it("passes the Python package (src layout, conftest fixtures) and stops at tests on a wrong sign", SLOW, async () => {
    const args = ["src/ledger", "--tests", "tests"];
    const clean = await check(project("py-pytest"), args);
    expect(clean).toMatchObject({ passed: true, stage: "ok", tests: { passed: 6, failed: 0 } });

    const wrongSign = await check(project("py-pytest", { "src/ledger/accounts.py": (source) => source.replace("self.entries.append(-amount)", "self.entries.append(amount)") }), args);
    expect(wrongSign).toMatchObject({ passed: false, stage: "tests", errorType: "assertion" });
    expect(wrongSign.tests?.failed).toBeGreaterThan(0);
  });
});
