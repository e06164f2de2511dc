import { describe, expect, it } from "vitest";
import { applyEditBlocks } from "./apply-edit-blocks.js";
import { parseEditBlocks, type EditBlock } from "./parse-edit-blocks.js";

const TAX = `RATES = {"eu": 0.2, "us": 0.1}


def with_tax(amount, region):
    rate = RATES[region.upper()]
    return round(amount * (1 - rate), 2)


def without_tax(amount, region):
    rate = RATES[region.upper()]
    return round(amount / (1 + rate), 2)
`;
const CART = `from shop.tax import with_tax


def total(items, region):
    return sum(with_tax(item["price"] * item["qty"], region) for item in items)
`;
const files = { "shop/tax.py": TAX, "shop/cart.py": CART };
const options = { target: "shop/tax.py", tests: ["tests/test_cart.py"] };

function blocks(reply: string): EditBlock[] {
  const parsed = parseEditBlocks(reply);
  if (parsed.status !== "blocks") throw new Error(`no blocks in ${reply}`);
  return parsed.blocks;
}

const edit = (path: string, search: string, replace: string) => `${path}\n\`\`\`python\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n\`\`\``;

describe("applyEditBlocks", () => {
  it("applies exact blocks over several files, each to the result of the ones before", () => {
    const reply = [
      "Fix both modules:",
      edit("shop/tax.py", "def with_tax(amount, region):\n    rate = RATES[region.upper()]\n    return round(amount * (1 - rate), 2)", "def with_tax(amount, region):\n    rate = RATES[region]\n    return round(amount * (1 + rate), 2)"),
      edit("shop/cart.py", "    return sum(with_tax(item[\"price\"] * item[\"qty\"], region) for item in items)", "    # every line item, taxed\n    return sum(with_tax(item[\"price\"] * item[\"qty\"], region) for item in items)"),
    ].join("\n\n");
    const applied = applyEditBlocks(files, blocks(reply), options);
    expect(applied.status).toBe("applied");
    if (applied.status !== "applied") return;
    expect(applied.changed.sort()).toEqual(["shop/cart.py", "shop/tax.py"]);
    expect(applied.files["shop/tax.py"]).toContain("    rate = RATES[region]\n    return round(amount * (1 + rate), 2)\n\n\ndef without_tax");
    expect(applied.files["shop/tax.py"]).toContain("return round(amount / (1 + rate), 2)");
    expect(applied.files["shop/cart.py"]).toContain("# every line item, taxed");
  });

  it("finds a search text whose indentation and spacing drifted, and indents the replacement as the file is", () => {
    // The model quoted the method body flush left, with a doubled space.
    const reply = edit("shop/tax.py", "def with_tax(amount,  region):\nrate = RATES[region.upper()]\nreturn round(amount * (1 - rate), 2)", "def with_tax(amount, region):\nrate = RATES[region]\nreturn round(amount * (1 + rate), 2)");
    const applied = applyEditBlocks(files, blocks(reply), options);
    expect(applied.status).toBe("applied");
    if (applied.status !== "applied") return;
    // The quoted lines' indentation differs non-uniformly (0 then 4): the replacement is kept as written.
    expect(applied.files["shop/tax.py"]).toContain("rate = RATES[region]\nreturn round(amount * (1 + rate), 2)");

    const shifted = edit("shop/tax.py", "  rate = RATES[region.upper()]\n  return round(amount * (1 - rate), 2)", "  rate = RATES[region]\n  return round(amount * (1 + rate), 2)");
    const moved = applyEditBlocks(files, blocks(shifted), options);
    expect(moved.status === "applied" && moved.files["shop/tax.py"]).toContain("def with_tax(amount, region):\n    rate = RATES[region]\n    return round(amount * (1 + rate), 2)\n");
  });

  it("keeps a file's Windows line ends", () => {
    const crlf = { "shop/tax.py": TAX.replace(/\n/g, "\r\n") };
    const applied = applyEditBlocks(crlf, blocks(edit("shop/tax.py", "    return round(amount * (1 - rate), 2)", "    return round(amount * (1 + rate), 2)")), options);
    expect(applied.status === "applied" && applied.files["shop/tax.py"]).toBe(TAX.replace("(1 - rate)", "(1 + rate)").replace(/\n/g, "\r\n"));
  });

  it("fails, naming the block, when a search text matches several places or none", () => {
    const twice = applyEditBlocks(files, blocks(edit("shop/tax.py", "    rate = RATES[region.upper()]", "    rate = RATES[region]")), options);
    expect(twice).toEqual({ status: "failed", reason: expect.stringMatching(/`shop\/tax\.py`.*matches 2 places.*No edit of that reply was applied/) as unknown });
    const nowhere = applyEditBlocks(files, blocks(edit("shop/tax.py", "    return amount * rate", "    return amount")), options);
    expect(nowhere).toEqual({ status: "failed", reason: expect.stringMatching(/not in the file, not even ignoring whitespace \(it starts `return amount \* rate`\)/) as unknown });
  });

  it("fails the whole reply when one of its blocks fails, and names only the failing ones", () => {
    const reply = [edit("shop/cart.py", "    return sum(with_tax(item[\"price\"] * item[\"qty\"], region) for item in items)", "    return 0"), edit("shop/tax.py", "    return amount * rate", "    return amount")].join("\n");
    const applied = applyEditBlocks(files, blocks(reply), options);
    expect(applied.status).toBe("failed");
    expect(applied.status === "failed" && applied.reason).toMatch(/^edit block 2 of 2 \(`shop\/tax\.py`\)/);
  });

  it("refuses a block on a test file, and one on a file that is not in the program", () => {
    const test = applyEditBlocks(files, blocks(edit("tests/test_cart.py", "assert total([], \"us\") == 0", "assert True")), options);
    expect(test.status === "failed" && test.reason).toMatch(/edits the test file `tests\/test_cart\.py`: tests are never edited/);
    const stranger = applyEditBlocks(files, blocks(edit("shop/rates.py", "x", "y")), options);
    expect(stranger.status === "failed" && stranger.reason).toMatch(/`shop\/rates\.py`, which is not a file of this program \(its files: `shop\/tax\.py`, `shop\/cart\.py`\)/);
  });

  it("takes a path without its folder when one file of the program ends with it, and a block with no path edits the target", () => {
    const short = applyEditBlocks(files, blocks(edit("cart.py", "    return sum(with_tax(item[\"price\"] * item[\"qty\"], region) for item in items)", "    return 1")), options);
    expect(short.status === "applied" && short.changed).toEqual(["shop/cart.py"]);
    const bare = applyEditBlocks(files, blocks("<<<<<<< SEARCH\n    return round(amount * (1 - rate), 2)\n=======\n    return round(amount * (1 + rate), 2)\n>>>>>>> REPLACE"), options);
    expect(bare.status === "applied" && bare.changed).toEqual(["shop/tax.py"]);
  });
});
