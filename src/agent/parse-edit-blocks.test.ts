import { describe, expect, it } from "vitest";
import { parseEditBlocks } from "./parse-edit-blocks.js";

/** A reply as chat models write them: a sentence, the path, a fenced block, a closing sentence. */
const ONE = [
  "The tax is subtracted instead of added. Here is the fix:",
  "",
  "shop/tax.py",
  "```python",
  "<<<<<<< SEARCH",
  "    return round(amount * (1 - rate), 2)",
  "=======",
  "    return round(amount * (1 + rate), 2)",
  ">>>>>>> REPLACE",
  "```",
  "",
  "This makes `with_tax` add the regional rate.",
].join("\n");

describe("parseEditBlocks", () => {
  it("reads one block with prose around it, its path from the line above the fence", () => {
    expect(parseEditBlocks(ONE)).toEqual({
      status: "blocks",
      blocks: [{ path: "shop/tax.py", search: "    return round(amount * (1 - rate), 2)\n", replace: "    return round(amount * (1 + rate), 2)\n" }],
    });
  });

  it("reads several blocks over several files, a block without its own path going to the previous block's file", () => {
    const reply = [
      "Two changes are needed.",
      "",
      "### `shop/cart.py`",
      "```python",
      "<<<<<<< SEARCH",
      "from shop.tax import with_tax",
      "=======",
      "from shop.tax import with_tax, RATES",
      ">>>>>>> REPLACE",
      "```",
      "",
      "**shop/tax.py**",
      "```python",
      "<<<<<<< SEARCH",
      "RATES = {\"eu\": 0.2}",
      "=======",
      "RATES = {\"eu\": 0.2, \"us\": 0.1}",
      ">>>>>>> REPLACE",
      "",
      "<<<<<<< SEARCH",
      "    rate = RATES[region.upper()]",
      "=======",
      "    rate = RATES[region]",
      ">>>>>>> REPLACE",
      "```",
    ].join("\n");
    const parsed = parseEditBlocks(reply);
    expect(parsed.status).toBe("blocks");
    if (parsed.status !== "blocks") return;
    expect(parsed.blocks.map((block) => block.path)).toEqual(["shop/cart.py", "shop/tax.py", "shop/tax.py"]);
    expect(parsed.blocks[2]).toEqual({ path: "shop/tax.py", search: "    rate = RATES[region.upper()]\n", replace: "    rate = RATES[region]\n" });
  });

  it("reads a reply with Windows line ends as one with plain ones", () => {
    expect(parseEditBlocks(ONE.replace(/\n/g, "\r\n"))).toEqual(parseEditBlocks(ONE));
  });

  it("takes the path from the fence's info string, and a block with no path anywhere has none", () => {
    const inFence = parseEditBlocks("```python title=\"shop/tax.py\"\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```");
    expect(inFence.status === "blocks" && inFence.blocks[0].path).toBe("shop/tax.py");
    const bare = parseEditBlocks("Change this:\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE");
    expect(bare.status === "blocks" && bare.blocks[0].path).toBeNull();
  });

  it("keeps an empty replacement (a deletion) apart from an empty search", () => {
    const parsed = parseEditBlocks("a.py\n<<<<<<< SEARCH\nprint('debug')\n=======\n>>>>>>> REPLACE");
    expect(parsed).toEqual({ status: "blocks", blocks: [{ path: "a.py", search: "print('debug')\n", replace: "" }] });
  });

  it("says a reply cut off in the middle of a block is malformed, naming the block", () => {
    const cut = ONE.slice(0, ONE.indexOf(">>>>>>> REPLACE"));
    expect(parseEditBlocks(cut)).toEqual({ status: "malformed", reason: expect.stringMatching(/^edit block 1 ends before its >>>>>>> REPLACE line/) as unknown });
    expect(parseEditBlocks(ONE.replace("=======\n", "")).status).toBe("malformed");
  });

  it("finds no blocks in a reply that gives a whole file", () => {
    expect(parseEditBlocks("Here is the corrected file:\n\n```python\ndef f():\n    return 1\n```")).toEqual({ status: "none" });
  });
});
