import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../shared/run-result.js";
import { fenced, startScriptedServer } from "../../testkit/index.js";
import { BY_CANDIDATES, runMend, runMendInTerminal } from "./__fixtures__/spawn-mend.js";
import { SHOP_CART as CART, SHOP_TAX as TAX, writeShopPackage } from "./__fixtures__/write-project.js";

// Real pytest runs in the sandbox and an offline search, on a loaded two-core machine.
const SLOW = { timeout: 240_000 };

/** The tests reach the tax module only through the cart, as a package's public function is tested. */
const TESTS = `from shop.cart import total


def test_eu_cart():
    assert total([{"price": 10, "qty": 2}], "eu") == 24


def test_us_cart():
    assert total([{"price": 5, "qty": 1}, {"price": 1, "qty": 10}], "us") == 16.5


def test_empty_cart():
    assert total([], "us") == 0
`;

let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "mend-multi-file-"));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The shop package with its tests; by default the tax module adds the tax the wrong way round. */
function shop(name: string, files: { cart?: string; tax?: string } = {}): string {
  return writeShopPackage(join(base, name), {
    "shop/cart.py": files.cart ?? CART,
    "shop/tax.py": files.tax ?? TAX.replace("(1 + rate)", "(1 - rate)"),
    "tests/test_cart.py": TESTS,
  });
}

const read = (root: string, path: string) => readFileSync(join(root, path), "utf8");

describe("mend repair on a package folder, the bug in a module the tests reach through another", () => {
  it("fixes the module at fault only, shows one diff over the changed files, and writes nothing without --write", SLOW, async () => {
    const root = shop("offline");
    const result = await runMend(["repair", "shop", "--tests", "tests", "--json", "--runs-dir", join(base, "runs")], { cwd: root, env: BY_CANDIDATES });
    const run = JSON.parse(result.stdout) as RunResult;
    expect(result.code, result.stderr).toBe(0);
    expect(run.verified).toBe(true);
    expect(run.files?.["shop/tax.py"]).toBe(TAX);
    expect(run.files?.["shop/cart.py"]).toBe(CART);
    expect(run.code).toBe(CART);
    expect(read(root, "shop/tax.py")).toContain("(1 - rate)");

    const human = await runMend(["repair", "shop", "--tests", "tests", "--runs-dir", join(base, "runs")], { cwd: root, env: BY_CANDIDATES });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("--- shop/tax.py\tdraft\n+++ shop/tax.py\tverified");
    expect(human.stdout).toContain("+    return round(amount * (1 + rate), 2)");
    expect(human.stdout).not.toContain("shop/cart.py");
  });

  it("with --write, writes the module at fault and leaves the others as they were", SLOW, async () => {
    const root = shop("write");
    const result = await runMend(["repair", "shop", "--tests", "tests", "--write", "--json", "--runs-dir", join(base, "runs")], { cwd: root, env: BY_CANDIDATES });
    expect(result.code, result.stderr).toBe(0);
    expect(read(root, "shop/tax.py")).toBe(TAX);
    expect(read(root, "shop/cart.py")).toBe(CART);
    expect(readdirSync(join(root, "shop")).sort()).toEqual(["__init__.py", "cart.py", "tax.py"]);
  });

  it("check names the sibling module and line where the tests' call fails, not the test file", SLOW, async () => {
    const root = shop("check", { tax: TAX.replace("RATES[region]", "RATES[region.upper()]") });
    const result = await runMend(["check", "shop/cart.py", "--tests", "tests", "--json"], { cwd: root });
    const check = JSON.parse(result.stdout) as { passed: boolean; errorType?: string; location?: { file: string; line: number }; context?: string };
    expect(result.code).toBe(1);
    expect(check.errorType).not.toBe("test_error");
    expect(check.location).toMatchObject({ file: "shop/tax.py", line: 5 });
    expect(check.context).toContain("RATES[region.upper()]");
  });
});

describe("a multi-file --write is all files or none", () => {
  // Two bugs, one per module: the model is asked about the module diagnosis blames each time
  // (the tax module's KeyError first, then the cart's wrong sum), so the verified program changes both.
  const BROKEN_TAX = TAX.replace("RATES[region]", "RATES[region.upper()]");
  const BROKEN_CART = CART.replace("for item in items)", "for item in items) + 1");

  async function repairWithModel(root: string) {
    const server = await startScriptedServer([{ reply: fenced(TAX, "python") }, { reply: fenced(CART, "python") }]);
    try {
      const args = ["repair", "shop", "--tests", "tests", "--write", "--json", "--no-offline-repair", "--no-review"];
      const result = await runMend([...args, "--model", "openai:scripted", "--base-url", server.url, "--runs-dir", join(base, "runs")], {
        cwd: root,
        env: { OPENAI_API_KEY: "test-key" },
      });
      return { result, prompts: server.requests.map((request) => request.messages.map((message) => message.content).join("\n")) };
    } finally {
      await server.close();
    }
  }

  it("writes both changed modules when the run is verified, each fix asked about its own file", SLOW, async () => {
    const root = shop("both", { cart: BROKEN_CART, tax: BROKEN_TAX });
    const { result, prompts } = await repairWithModel(root);
    expect(result.code, result.stderr).toBe(0);
    expect(prompts).toHaveLength(2);
    expect(prompts[0]).toContain("RATES[region.upper()]");
    expect(prompts[1]).toContain("for item in items) + 1");
    expect(prompts[1]).not.toContain("RATES[region.upper()]");
    // Each module as the model's fence held it, its final line break included.
    expect(read(root, "shop/tax.py")).toBe(TAX);
    expect(read(root, "shop/cart.py")).toBe(CART);
  });

  it("leaves every original intact when one file refuses the write (an immutable file), after another was replaced", SLOW, async () => {
    const root = shop("refused", { cart: BROKEN_CART, tax: BROKEN_TAX });
    // The entry is written first, so the refusal comes after cart.py was already replaced.
    execFileSync("chattr", ["+i", join(root, "shop/tax.py")]);
    try {
      const { result } = await repairWithModel(root);
      const run = JSON.parse(result.stdout) as RunResult;
      expect(result.code).toBe(1);
      expect(run.reason).toBe("error");
      expect(run.message).toMatch(/tax\.py/);
    } finally {
      execFileSync("chattr", ["-i", join(root, "shop/tax.py")]);
    }
    expect(read(root, "shop/cart.py")).toBe(BROKEN_CART);
    expect(read(root, "shop/tax.py")).toBe(BROKEN_TAX);
    expect(readdirSync(join(root, "shop")).sort()).toEqual(["__init__.py", "cart.py", "tax.py"]);
  });

  it("--approve shows the whole diff over both modules and asks once before writing", SLOW, async () => {
    const root = shop("approve", { cart: BROKEN_CART, tax: BROKEN_TAX });
    const server = await startScriptedServer([{ reply: fenced(TAX, "python") }, { reply: fenced(CART, "python") }]);
    const question = "mend: approve this verified code? [y/N]";
    try {
      const args = ["repair", "shop", "--tests", "tests", "--write", "--approve", "--no-offline-repair", "--no-review"];
      const exit = await runMendInTerminal([...args, "--model", "openai:scripted", "--base-url", server.url, "--runs-dir", join(base, "runs")], {
        cwd: root,
        env: { OPENAI_API_KEY: "test-key" },
        prompt: question,
        answers: ["y"],
        timeoutMs: SLOW.timeout - 10_000,
      });
      expect(exit.code, exit.stdout).toBe(0);
      expect(exit.stdout.split(question)).toHaveLength(2);
      const shown = exit.stdout.slice(0, exit.stdout.indexOf(question));
      expect(shown).toContain("-    rate = RATES[region.upper()]");
      expect(shown).toContain("-    return sum(with_tax(item[\"price\"] * item[\"qty\"], region) for item in items) + 1");
      expect(shown).not.toContain("No newline at end of file");
    } finally {
      await server.close();
    }
    expect(read(root, "shop/tax.py")).toBe(TAX);
    expect(read(root, "shop/cart.py")).toBe(CART);
  });
});
