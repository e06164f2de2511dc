import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../shared/run-result.js";
import { fenced, startScriptedServer } from "../../testkit/index.js";
import { expectUsageExit, runMend } from "./__fixtures__/spawn-mend.js";
import { SHOP_CART as CART, SHOP_TAX as TAX, writeProject, writeShopPackage } from "./__fixtures__/write-project.js";

// Real pytest and node:test in the sandbox, and offline searches, on a loaded two-core machine.
const SLOW = { timeout: 240_000 };

/** The tests reach the tax module only through the cart, with a fixture from the tests folder's conftest.py. */
const CONFTEST = `import pytest


@pytest.fixture
def eu_items():
    return [{"price": 10, "qty": 2}]
`;
const TESTS = `from shop.cart import total


def test_eu_cart(eu_items):
    assert total(eu_items, "eu") == 24


def test_us_cart():
    assert total([{"price": 5, "qty": 1}, {"price": 1, "qty": 10}], "us") == 16.5
`;

let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "mend-project-paths-"));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The shop package with its tests folder (a conftest.py fixture among them). */
function shop(name: string, files: Record<string, string> = {}): string {
  return writeShopPackage(join(base, name), { "tests/conftest.py": CONFTEST, "tests/test_cart.py": TESTS, ...files });
}

interface CheckJson {
  passed: boolean;
  stage: string;
  errorType?: string;
  location?: { file: string; line: number };
  context?: string;
  verification: { by: string; testsRun: number };
}

describe("mend check PATH... on a project's folders, the tests among them", () => {
  it("checks the package with its tests folder and names the sibling module the tests reach only through another", SLOW, async () => {
    const root = shop("key", { "shop/tax.py": TAX.replace("RATES[region]", "RATES[region.upper()]") });
    const [json, human] = await Promise.all([
      runMend(["check", "shop", "tests", "--json"], { cwd: root }),
      runMend(["check", "shop/", "tests/"], { cwd: root }),
    ]);
    const check = JSON.parse(json.stdout) as CheckJson;
    expect(json.code, json.stderr).toBe(1);
    expect(Object.keys(check).sort()).toEqual(["context", "errorType", "layers", "location", "passed", "signature", "stage", "summary", "tests", "verification"]);
    expect(check).toMatchObject({ stage: "tests", errorType: "key", location: { file: "shop/tax.py", line: 5 }, verification: { by: "tests", testsRun: 2 } });
    expect(check.context).toContain("> 5 |     rate = RATES[region.upper()]");
    expect(human.code).toBe(1);
    expect(human.stdout).toContain("  at shop/tax.py:5\n");
    expect(human.stdout).toContain("Program: 3 files (shop/cart.py, shop/tax.py, shop/__init__.py)");
  });

  it("validates every file of the program: a syntax error in a module no test imports directly", SLOW, async () => {
    const root = shop("syntax", { "shop/tax.py": TAX.replace("def with_tax(amount, region):", "def with_tax(amount, region)") });
    const result = await runMend(["check", ".", "--json"], { cwd: root });
    const check = JSON.parse(result.stdout) as CheckJson;
    expect(result.code, result.stderr).toBe(1);
    expect(check).toMatchObject({ stage: "syntax", errorType: "syntax", location: { file: "shop/tax.py", line: 4 } });
  });

  it("passes the fixed package, verified by the tests found in the folder", SLOW, async () => {
    const root = shop("ok");
    const result = await runMend(["check", ".", "--json"], { cwd: root });
    const check = JSON.parse(result.stdout) as CheckJson;
    expect(result.code, result.stderr).toBe(0);
    expect(check).toMatchObject({ passed: true, stage: "ok", verification: { by: "tests", testsRun: 2 } });
  });

  it("names the sibling module of a JavaScript project (ESM, node:test) where the error is thrown", SLOW, async () => {
    const root = writeProject(join(base, "js-cart"), {
      "package.json": '{ "name": "cart", "type": "module", "scripts": { "test": "node --test" } }\n',
      "src/prices.js":
        'const RATES = { eu: { rate: 0.2 }, us: { rate: 0.1 } };\n\nexport function withTax(amount, region) {\n  const entry = RATES[region.toUpperCase()];\n  return Math.round(amount * (1 + entry.rate) * 100) / 100;\n}\n',
      "src/cart.js": 'import { withTax } from "./prices.js";\n\nexport function total(items, region) {\n  return items.reduce((sum, item) => sum + withTax(item.price * item.qty, region), 0);\n}\n',
      "test/cart.test.js":
        'import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { total } from "../src/cart.js";\n\ntest("eu cart", () => {\n  assert.equal(total([{ price: 10, qty: 2 }], "eu"), 24);\n});\ntest("empty cart", () => {\n  assert.equal(total([], "us"), 0);\n});\n',
    });
    const result = await runMend(["check", "src", "test", "--json"], { cwd: root });
    const check = JSON.parse(result.stdout) as CheckJson;
    expect(result.code, result.stderr).toBe(1);
    expect(check).toMatchObject({ stage: "tests", errorType: "attribute", location: { file: "src/prices.js", line: 5 }, verification: { by: "tests", testsRun: 2 } });
  });

  it("exits 2 with one line for a path outside the project root, a missing path, and only tests", SLOW, async () => {
    const root = shop("bad-input");
    writeProject(join(base, "elsewhere"), { "helpers.py": "def helper():\n    return 1\n" });
    expectUsageExit(await runMend(["check", "shop", join(base, "elsewhere", "helpers.py")], { cwd: root }), /helpers\.py is outside the project root .*--root/);
    expectUsageExit(await runMend(["check", "shop", "--root", "shop", "tests"], { cwd: root }), /tests\/.* is outside the project root .*--root/);
    expectUsageExit(await runMend(["check", "shop", "lib/"], { cwd: root }), /^mend: file not found: lib\/$/);
    expectUsageExit(await runMend(["check", "tests", "--json"], { cwd: root }), /^mend: no program among tests: only tests/, { json: true });
  });
});

describe("a task file's files", () => {
  it("makes the program map of mend run: the run starts from those files and its result lists them", SLOW, async () => {
    const root = shop("task", {
      "shop/tax.py": TAX.replace("RATES[region]", "RATES[region.upper()]"),
      "tasks/cart.md": "---\nfiles: [../shop, ../tests]\nentry: cart.py\n---\nThe cart's total with each region's tax.\n",
    });
    const result = await runMend(["run", "tasks/cart.md", "--json", "--no-review", "--runs-dir", join(base, "runs")], { cwd: root });
    const run = JSON.parse(result.stdout) as RunResult;
    expect(result.code, result.stderr).toBe(0);
    expect(run.verification).toEqual({ by: "tests", testsRun: 2 });
    expect(Object.keys(run.files ?? {}).sort()).toEqual(["shop/__init__.py", "shop/cart.py", "shop/tax.py"]);
    expect(run.attempts[0]?.summary).toContain("shop/tax.py:5");
    expect(run.files?.["shop/tax.py"]).not.toContain("region.upper()");
    expect(run.files?.["shop/cart.py"]).toBe(CART);
    expect(run.code).toBe(CART);
  });

  it("lists a single file in the result's files as well, under its root-relative path", SLOW, async () => {
    const root = shop("task-one", { "tasks/cart.md": "---\nfiles: [../shop/cart.py]\ntests: ../tests\n---\nThe cart's total with each region's tax.\n" });
    const result = await runMend(["run", "tasks/cart.md", "--json", "--no-review", "--runs-dir", join(base, "runs")], { cwd: root });
    expect(result.code, result.stderr).toBe(0);
    const run = JSON.parse(result.stdout) as RunResult;
    expect(run.files).toEqual({ "shop/cart.py": CART });
    expect(run.code).toBe(CART);
  });

  it("exits 2 naming a path of files that does not exist", SLOW, async () => {
    const root = shop("task-bad", { "tasks/cart.md": "---\nfiles:\n  - ../shop\n  - ../shop/discount.py\ntests: ../tests\n---\nx\n" });
    const result = await runMend(["run", "tasks/cart.md"], { cwd: root });
    expectUsageExit(result, /^mend: invalid task file tasks\/cart\.md: files: \.\.\/shop\/discount\.py does not exist/);
  });
});

describe("the run report of a multi-file run", () => {
  it("shows the change of every file the run changed, each under its name", SLOW, async () => {
    const root = shop("report", {
      "shop/tax.py": TAX.replace("RATES[region]", "RATES[region.upper()]"),
      "shop/cart.py": CART.replace("for item in items)", "for item in items) + 1"),
    });
    // The model fixes the module diagnosis blames each time: the tax module's KeyError, then the cart's sum.
    const server = await startScriptedServer([{ reply: fenced(TAX, "python") }, { reply: fenced(CART, "python") }]);
    let run: RunResult;
    try {
      const args = ["repair", "shop", "tests", "--json", "--no-offline-repair", "--no-review", "--model", "openai:scripted", "--base-url", server.url];
      const result = await runMend([...args, "--runs-dir", join(base, "runs")], { cwd: root, env: { OPENAI_API_KEY: "test-key" } });
      expect(result.code, result.stderr).toBe(0);
      run = JSON.parse(result.stdout) as RunResult;
    } finally {
      await server.close();
    }
    const report = await runMend(["report", run.runId, "--runs-dir", join(base, "runs")], { cwd: root });
    expect(report.code, report.stderr).toBe(0);
    const html = readFileSync(report.stdout.trim(), "utf8");
    const final = html.slice(html.indexOf('<section id="final-code">'));
    const change = final.slice(0, final.indexOf("</section>"));
    expect(change.match(/<h4 class="file-name">[^<]*<\/h4>/g)).toEqual(['<h4 class="file-name">shop/cart.py</h4>', '<h4 class="file-name">shop/tax.py</h4>']);
    const [cartDiff, taxDiff] = change.split('<h4 class="file-name">shop/tax.py</h4>');
    expect(cartDiff).toContain("<mark> + 1</mark>");
    expect(taxDiff).toContain("RATES[region<mark>.upper()</mark>]");
    // Each attempt's change names the file the model fixed then.
    const attempt = (n: number) => html.slice(html.indexOf(`id="attempt-${n}"`), html.indexOf("</article>", html.indexOf(`id="attempt-${n}"`)));
    expect(attempt(2).match(/<h4 class="file-name">[^<]*<\/h4>/g)).toEqual(['<h4 class="file-name">shop/tax.py</h4>']);
    expect(attempt(3).match(/<h4 class="file-name">[^<]*<\/h4>/g)).toEqual(['<h4 class="file-name">shop/cart.py</h4>']);
  });
});
