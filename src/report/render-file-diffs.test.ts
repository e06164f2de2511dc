import { describe, expect, it } from "vitest";
import { renderFileDiffs } from "./render-file-diffs.js";

const CART = "from shop.tax import with_tax\n\n\ndef total(items):\n    return sum(with_tax(x) for x in items)\n";
const TAX = "def with_tax(amount):\n    return amount * 1.2\n";

describe("renderFileDiffs", () => {
  it("shows one diff per changed file under its name, the unchanged files left out", () => {
    const before = { "shop/cart.py": CART.replace("for x in items)", "for x in items) + 1"), "shop/tax.py": TAX.replace("1.2", "0.8"), "shop/__init__.py": "" };
    const after = { "shop/cart.py": CART, "shop/tax.py": TAX, "shop/__init__.py": "" };
    const html = renderFileDiffs(before, after);
    expect(html.match(/<h4 class="file-name">[^<]*<\/h4>/g)).toEqual(['<h4 class="file-name">shop/cart.py</h4>', '<h4 class="file-name">shop/tax.py</h4>']);
    expect(html.split('<h4 class="file-name">shop/tax.py</h4>')[1]).toContain("return amount * <mark>1</mark>.<mark>2</mark>");
    expect(html.split('<h4 class="file-name">shop/tax.py</h4>')[0]).toContain("<mark> + 1</mark>");
  });

  it("is empty when no file changed, and escapes file names", () => {
    expect(renderFileDiffs({ "a.py": TAX }, { "a.py": TAX })).toBe("");
    expect(renderFileDiffs({ "<b>.py": "x = 1\n" }, { "<b>.py": "x = 2\n" })).toContain('<h4 class="file-name">&lt;b&gt;.py</h4>');
  });
});
