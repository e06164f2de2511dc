import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BY_CANDIDATES, runMend } from "./__fixtures__/spawn-mend.js";
import { writeProject } from "./__fixtures__/write-project.js";

// A TypeScript project as Vite's templates lay it out: `@/` imports mapped by tsconfig's
// `paths` and vitest's `resolve.alias`, a vitest.config.ts, a package from node_modules.

/** The repository's own installed packages, linked into the project's node_modules as `npm link` would. */
const REPO_MODULES = fileURLToPath(new URL("../../../node_modules", import.meta.url));

const FILES = {
  "package.json": '{ "name": "cart", "type": "module", "scripts": { "test": "vitest run" }, "devDependencies": { "vitest": "4.1.12", "zod": "4.6.7" } }\n',
  "tsconfig.json": `{
  // Vite's template keeps comments here; TypeScript reads them.
  "compilerOptions": {
    "target": "ES2022", "module": "ESNext", "moduleResolution": "Bundler", "strict": true,
    "baseUrl": ".",
    "paths": { "@/*": ["src/*"] },
  },
  "include": ["src", "tests"]
}
`,
  "vitest.config.ts": `import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: { include: ["tests/**/*.test.ts"] },
});
`,
  "src/lib/money.ts": `import { z } from "zod";

const Amount = z.number();

export function roundCents(value: number): number {
  return Math.round(Amount.parse(value) * 100) / 100;
}
`,
  "src/cart.ts": `import { roundCents } from "@/lib/money";

export interface Line {
  price: number;
  qty: number;
}

export function total(lines: Line[], discount = 0): number {
  const sum = lines.reduce((acc, line) => acc + line.price * line.qty, 0);
  return roundCents(sum * (1 + discount));
}
`,
  "tests/cart.test.ts": `import { describe, expect, it } from "vitest";
import { total } from "@/cart";

describe("total", () => {
  it("adds lines", () => {
    expect(total([{ price: 2.5, qty: 2 }, { price: 1, qty: 3 }])).toBe(8);
  });
  it("applies a discount", () => {
    expect(total([{ price: 10, qty: 1 }], 0.1)).toBe(9);
  });
});
`,
};

let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "mend-ts-project-"));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const root = writeProject(join(base, name), { ...files, ".git/HEAD": "ref: refs/heads/main\n" });
  mkdirSync(join(root, "node_modules"));
  for (const name of ["vitest", "zod"]) symlinkSync(join(REPO_MODULES, name), join(root, "node_modules", name));
  return root;
}

describe("a Vite-style TypeScript project", () => {
  it("passes imports and types through its aliases and packages, and runs vitest with its TypeScript config to the failing test", async () => {
    const root = project("cart", FILES);
    const result = await runMend(["check", ".", "--json"], { cwd: root });
    expect(result.code, result.stderr).toBe(1);
    const check = JSON.parse(result.stdout);
    const layers = Object.fromEntries(check.layers.map((layer: { name: string; status: string }) => [layer.name, layer.status]));
    expect(layers).toMatchObject({ imports: "pass", types: "pass", tests: "fail" });
    expect(check).toMatchObject({ stage: "tests", errorType: "assertion", tests: { passed: 1, failed: 1 } });
    expect(check.tests.failures[0]).toMatchObject({ name: "total applies a discount", expected: "9", actual: "11" });
  }, 240_000);

  it("repair . fixes it with no model, each candidate run in place (the vitest include glob and the @/ alias tie tests to src/)", async () => {
    const root = project("repaired", FILES);
    const result = await runMend(["repair", ".", "--json", "--no-review", "--runs-dir", join(base, "runs")], { cwd: root, env: BY_CANDIDATES });
    expect(result.code, result.stderr).toBe(0);
    const run = JSON.parse(result.stdout);
    expect(run).toMatchObject({ status: "passed", verified: true, verification: { by: "tests", testsRun: 2 } });
    expect(run.attempts.map((attempt: { source: string }) => attempt.source)).toEqual(["draft", "offline"]);
    expect(run.files["src/cart.ts"]).toContain("sum * (1 - discount)");
  }, 300_000);

  it("still fails the types layer on a real type error, and imports on a package it lacks", async () => {
    const typed = project("typed", { ...FILES, "src/cart.ts": FILES["src/cart.ts"].replace("sum * (1 + discount)", "sum * (1 + String(discount))") });
    const typeCheck = JSON.parse((await runMend(["check", ".", "--json"], { cwd: typed })).stdout);
    expect([typeCheck.stage, typeCheck.errorType]).toEqual(["types", "type_check"]);
    expect(typeCheck.location).toMatchObject({ file: "src/cart.ts", line: 10 });
    const lacking = project("lacking", { ...FILES, "src/lib/money.ts": `import Decimal from "decimal.js";\n\nexport function roundCents(value: number): number {\n  return new Decimal(value).toDecimalPlaces(2).toNumber();\n}\n` });
    const imports = JSON.parse((await runMend(["check", ".", "--json"], { cwd: lacking })).stdout);
    expect([imports.stage, imports.errorType]).toEqual(["imports", "dependency"]);
    expect(imports.summary).toContain("npm install decimal.js");
  }, 240_000);
});
