import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { SourceFile } from "../shared/task.js";
import { localizeFaults } from "./localize-faults.js";
import { repairOffline, type OfflineRepairInput } from "./repair-offline.js";

const sandbox = createSandbox({ onWarning: () => {} });
afterAll(() => sandbox.close());

// Real pytest and node:test in the sandbox, several baselines and searches on a loaded machine.
const SLOW = { timeout: 300_000 };
/** Generous: the tests bound the search by candidates, never by the clock. */
const BUDGET_MS = 240_000;

/** The cart the tests call; it reaches the tax module, where the bug is, through `with_tax`. */
const CART_PY = `from shop.tax import with_tax

BULK = 10


def line_total(item):
    price = item["price"] * item["qty"]
    if item["qty"] >= BULK:
        price = price * 0.9
    return price


def total(items, region):
    subtotal = sum(line_total(item) for item in items)
    return with_tax(subtotal, region)
`;
const TAX_PY = `RATES = {"eu": 0.2, "us": 0.1}
EXEMPT = {"hk"}


def with_tax(amount, region):
    if region in EXEMPT:
        return amount
    return round(amount * (1 - RATES[region]), 2)
`;
/** A wrong value, not an exception: no frame of the failures names the tax module. */
const TESTS_PY = `from shop.cart import total


def test_eu_cart():
    assert total([{"price": 10, "qty": 2}], "eu") == 24


def test_us_bulk_cart():
    assert total([{"price": 5, "qty": 1}, {"price": 1, "qty": 10}], "us") == 15.4


def test_exempt_cart():
    assert total([{"price": 10, "qty": 3}], "hk") == 30


def test_exempt_bulk_cart():
    assert total([{"price": 2, "qty": 10}], "hk") == 18


def test_empty_cart():
    assert total([], "hk") == 0
`;

const pythonShop: OfflineRepairInput = {
  language: "python",
  entry: "shop/cart.py",
  code: CART_PY,
  tests: [{ path: "tests/test_cart.py", content: TESTS_PY }],
  support: [{ path: "shop/__init__.py", content: "" }],
};
const TAX_BUG_LINE = 8;

/**
 * The file-by-file walk the engine replaced: each file searched alone in turn (the entry
 * first), the others as they are; the candidates every search ran, added up.
 */
async function fileByFile(input: OfflineRepairInput, files: SourceFile[], maxCandidates: number) {
  let candidatesRun = 0;
  const program = [{ path: input.entry, content: input.code }, ...files];
  for (const file of program) {
    const others = program.filter((other) => other.path !== file.path);
    const result = await repairOffline(
      { ...input, entry: file.path, code: file.content, support: [...(input.support ?? []), ...others], editable: undefined },
      { sandbox, maxCandidates, timeBudgetMs: BUDGET_MS },
    );
    candidatesRun += result.candidatesRun;
    if (result.status === "fixed") return { fixedIn: file.path, candidatesRun };
  }
  return { fixedIn: undefined, candidatesRun };
}

describe("offline repair of a multi-file program", () => {
  it("ranks the line of the module the tests reach only through another first, across files (pytest)", SLOW, async () => {
    const ranking = await localizeFaults({ ...pythonShop, editable: [{ path: "shop/tax.py", content: TAX_PY }] }, { sandbox });
    expect(ranking[0]).toMatchObject({ file: "shop/tax.py", line: TAX_BUG_LINE });
    // Every line of the cart is run by some passing test too: each ranks below the bug.
    expect(ranking.filter((line) => line.file === "shop/cart.py").every((line) => line.score < ranking[0].score)).toBe(true);
  });

  it("fixes the module at fault with fewer candidates than a file-by-file walk, and never edits the tests (pytest)", SLOW, async () => {
    const tax = { path: "shop/tax.py", content: TAX_PY };
    // The tests are offered as editable too: the engine must leave them alone.
    const across = await repairOffline({ ...pythonShop, editable: [tax, ...pythonShop.tests] }, { sandbox, maxCandidates: 150, timeBudgetMs: BUDGET_MS });
    const walk = await fileByFile(pythonShop, [tax], 150);
    console.log(`python shop: across files ${across.candidatesRun} candidates; file by file ${walk.candidatesRun} candidates`);
    expect(across.status).toBe("fixed");
    if (across.status !== "fixed") return;
    expect(Object.keys(across.files)).toEqual(["shop/tax.py"]);
    expect(across.files["shop/tax.py"]).toBe(TAX_PY.replace("(1 - RATES", "(1 + RATES"));
    expect(across.code).toBe(CART_PY);
    expect(across.edits).toEqual([{ file: "shop/tax.py", operator: "arithmetic", line: TAX_BUG_LINE, before: "-", after: "+" }]);
    expect(across.diff).toContain("+++ b/shop/tax.py");
    expect(across.diff).not.toContain("cart.py");
    expect(walk.fixedIn).toBe("shop/tax.py");
    expect(across.candidatesRun).toBeLessThan(walk.candidatesRun);
  });

  it("fixes a JavaScript module reached through another, with fewer candidates than a file-by-file walk (node:test)", SLOW, async () => {
    const cart = `import { withTax } from "./tax.js";

const BULK = 10;

export function lineTotal(item) {
  let price = item.price * item.qty;
  if (item.qty >= BULK) {
    price = price * 0.9;
  }
  return price;
}

export function total(items, region) {
  let subtotal = 0;
  for (const item of items) subtotal += lineTotal(item);
  return withTax(subtotal, region);
}
`;
    const tax = `const RATES = { eu: 0.2, us: 0.1 };
const EXEMPT = new Set(["hk"]);

export function withTax(amount, region) {
  if (EXEMPT.has(region)) {
    return amount;
  }
  return Math.round(amount * (1 - RATES[region]) * 100) / 100;
}
`;
    const tests = `import { test } from "node:test";
import assert from "node:assert/strict";
import { total } from "../src/cart.js";

test("eu cart", () => assert.equal(total([{ price: 10, qty: 2 }], "eu"), 24));
test("us bulk cart", () => assert.equal(total([{ price: 5, qty: 1 }, { price: 1, qty: 10 }], "us"), 15.4));
test("exempt cart", () => assert.equal(total([{ price: 10, qty: 3 }], "hk"), 30));
test("exempt bulk cart", () => assert.equal(total([{ price: 2, qty: 10 }], "hk"), 18));
test("empty cart", () => assert.equal(total([], "hk"), 0));
`;
    const input: OfflineRepairInput = {
      language: "javascript",
      entry: "src/cart.js",
      code: cart,
      tests: [{ path: "test/cart.test.js", content: tests }],
      support: [{ path: "package.json", content: JSON.stringify({ type: "module" }) }],
    };
    const taxFile = { path: "src/tax.js", content: tax };
    const across = await repairOffline({ ...input, editable: [taxFile] }, { sandbox, maxCandidates: 150, timeBudgetMs: BUDGET_MS });
    const walk = await fileByFile(input, [taxFile], 150);
    console.log(`javascript shop: across files ${across.candidatesRun} candidates; file by file ${walk.candidatesRun} candidates`);
    expect(across.status).toBe("fixed");
    if (across.status !== "fixed") return;
    expect(Object.keys(across.files)).toEqual(["src/tax.js"]);
    expect(across.files["src/tax.js"]).toContain("(1 + RATES[region])");
    expect(walk.fixedIn).toBe("src/tax.js");
    expect(across.candidatesRun).toBeLessThan(walk.candidatesRun);
  });
});
