import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Writes a project's files under `root` (paths relative to it, `/`-separated), making folders as needed; returns `root`. */
export function writeProject(root: string, files: Record<string, string>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** The shop package's cart: its total goes through the tax module, so a tax bug shows in the cart's tests. */
export const SHOP_CART = `from shop.tax import with_tax


def total(items, region):
    return sum(with_tax(item["price"] * item["qty"], region) for item in items)
`;

/** The shop package's tax module, right. */
export const SHOP_TAX = `RATES = {"eu": 0.2, "us": 0.1}


def with_tax(amount, region):
    rate = RATES[region]
    return round(amount * (1 + rate), 2)
`;

/**
 * A Python package as people have it, under `root`: a git clone with pyproject.toml and a `shop`
 * package of two modules (the cart and the tax module above); `files` add the tests and
 * replace or add any other file. Returns `root`.
 */
export function writeShopPackage(root: string, files: Record<string, string>): string {
  writeProject(root, {
    "pyproject.toml": '[project]\nname = "shop"\nversion = "0.1.0"\n',
    "shop/__init__.py": "",
    "shop/cart.py": SHOP_CART,
    "shop/tax.py": SHOP_TAX,
    ...files,
  });
  mkdirSync(join(root, ".git"));
  return root;
}
