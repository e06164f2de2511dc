import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RunFolder } from "../runs/run-folder.js";
import { fenced } from "../testkit/index.js";
import { repairCandidate, type RepairReplyInput } from "./repair-candidate.js";

const CART = 'from shop.tax import with_tax\n\n\ndef total(items, region):\n    return sum(with_tax(item["price"] * item["qty"], region) for item in items)\n';
const TAX = 'RATES = {"eu": 0.2, "us": 0.1}\n\n\ndef with_tax(amount, region):\n    return round(amount * (1 - RATES[region]), 2)\n';
const FIXED_TAX = TAX.replace("(1 - RATES", "(1 + RATES");
const task = { prompt: "", language: "python" as const, entry: "shop/cart.py", tests: [{ path: "tests/test_cart.py", content: "" }] };
const BLOCK = "shop/tax.py\n```python\n<<<<<<< SEARCH\n    return round(amount * (1 - RATES[region]), 2)\n=======\n    return round(amount * (1 + RATES[region]), 2)\n>>>>>>> REPLACE\n```";

const runsDir = mkdtempSync(join(tmpdir(), "mend-repair-candidate-"));
afterAll(() => rmSync(runsDir, { recursive: true, force: true }));
const folder = RunFolder.create(runsDir, {
  schemaVersion: 1,
  runId: "r1",
  createdAt: new Date().toISOString(),
  command: "repair",
  task,
  model: "openai:scripted",
  maxAttempts: 5,
  budget: {},
  approve: false,
  elapsedMs: 0,
});

function read(text: string, overrides: Partial<RepairReplyInput> = {}) {
  return repairCandidate({
    task,
    reply: { text, usage: { input: 10, output: 5 }, costUsd: 0, retries: 0, durationMs: 3 },
    messages: [],
    temperature: 0,
    strategy: "fix",
    files: { "shop/cart.py": CART, "shop/tax.py": TAX },
    code: CART,
    target: "shop/tax.py",
    tests: ["tests/test_cart.py"],
    strictEdits: true,
    folder,
    attempt: 2,
    ...overrides,
  });
}

describe("repairCandidate", () => {
  it("applies a reply's edit blocks to the program, the entry's code and the map both carried", () => {
    const result = read(`The sign is wrong.\n\n${BLOCK}`);
    expect(result.status).toBe("candidate");
    if (result.status !== "candidate") return;
    expect(result.candidate.files).toEqual({ "shop/cart.py": CART, "shop/tax.py": FIXED_TAX });
    expect(result.candidate.code).toBe(CART);
    expect(folder.readExchange(2)?.extraction).toBe("edit blocks (1 in shop/tax.py)");
  });

  it("takes a reply giving the whole file for the file at fault, whatever was asked", () => {
    const result = read(fenced(FIXED_TAX, "python", { prose: true }));
    expect(result.status === "candidate" && result.candidate.files?.["shop/tax.py"]).toBe(FIXED_TAX);
  });

  it("edits a single-file program's only file", () => {
    const single = read(BLOCK.replace("shop/tax.py\n", ""), { task: { ...task, entry: "shop/tax.py" }, files: null, code: TAX });
    expect(single.status === "candidate" && single.candidate).toMatchObject({ code: FIXED_TAX });
    expect(single.status === "candidate" && single.candidate.files).toBeUndefined();
  });

  it("fails a reply whose blocks do not apply, or are cut off, while the model may be asked again; after that reads it as a file", () => {
    const wrong = BLOCK.replace("(1 - RATES[region]), 2)\n=", "(1 - RATE), 2)\n=");
    expect(read(wrong)).toEqual({ status: "edit_failed", reason: expect.stringMatching(/^the edit block \(`shop\/tax\.py`\): its SEARCH part is not in the file/) as unknown });
    expect(read(BLOCK.slice(0, BLOCK.indexOf(">>>>>>>")))).toEqual({ status: "edit_failed", reason: expect.stringMatching(/looks cut off/) as unknown });
    expect(read(wrong, { strictEdits: false }).status).toBe("candidate");
  });
});
