import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UsageError } from "../errors/usage-error.js";
import { costOf, loadPriceOverrides, priceOf } from "./pricing.js";

describe("priceOf", () => {
  it("matches dated model names by the longest prefix", () => {
    expect(priceOf("gpt-4o-mini-2024-07-18")).toEqual({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    expect(priceOf("gpt-4o-2024-08-06")).toEqual({ inputPerMTok: 2.5, outputPerMTok: 10 });
    expect(priceOf("claude-sonnet-4-5-20250929")?.inputPerMTok).toBe(3);
    expect(priceOf("claude-3-5-haiku-latest")?.outputPerMTok).toBe(4);
    expect(priceOf("o3-mini")?.inputPerMTok).toBe(1.1);
  });

  it("accepts a model spec", () => {
    expect(priceOf("openai:gpt-4.1-mini")).toEqual(priceOf("gpt-4.1-mini"));
    expect(priceOf("anthropic:claude-opus-4-1")).toEqual(priceOf("claude-opus-4"));
  });

  it("prices local models at zero and leaves unknown ones undefined", () => {
    for (const local of ["offline", "ollama:llama3.1", "llama:/models/q4.gguf"]) {
      expect(priceOf(local)).toEqual({ inputPerMTok: 0, outputPerMTok: 0 });
    }
    expect(priceOf("my-finetune")).toBeUndefined();
  });

  it("lets overrides win and extend the table", () => {
    const overrides = { "gpt-4o": { inputPerMTok: 1, outputPerMTok: 2 }, "my-": { inputPerMTok: 0.5, outputPerMTok: 0.5 } };
    expect(priceOf("gpt-4o-2024-08-06", overrides)).toEqual({ inputPerMTok: 1, outputPerMTok: 2 });
    expect(priceOf("my-finetune", overrides)).toEqual({ inputPerMTok: 0.5, outputPerMTok: 0.5 });
    expect(priceOf("gpt-4o-mini", overrides)).toEqual({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    const bySpec = { "openai:gpt-4o-mini": { inputPerMTok: 9, outputPerMTok: 9 } };
    expect(priceOf("openai:gpt-4o-mini-2024-07-18", bySpec)).toEqual({ inputPerMTok: 9, outputPerMTok: 9 });
    expect(priceOf("gpt-4o-mini", bySpec)).toEqual({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
  });
});

describe("costOf", () => {
  it("computes dollars from usage", () => {
    expect(costOf("gpt-4o", { input: 1_000_000, output: 100_000 })).toBeCloseTo(3.5, 10);
    expect(costOf("claude-3-haiku-20240307", { input: 2_000, output: 1_000 })).toBeCloseTo(0.00175, 10);
    expect(costOf("ollama:qwen2.5-coder", { input: 10_000, output: 10_000 })).toBe(0);
    expect(costOf("unpriced", { input: 10, output: 10 })).toBe(0);
  });
});

describe("loadPriceOverrides", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("reads the JSON file named by MEND_PRICES", async () => {
    dir = await mkdtemp(join(tmpdir(), "mend-prices-"));
    const file = join(dir, "prices.json");
    await writeFile(file, JSON.stringify({ "qwen-max": { inputPerMTok: 1.6, outputPerMTok: 6.4 } }));
    const overrides = loadPriceOverrides({ MEND_PRICES: file });
    expect(costOf("qwen-max", { input: 1_000_000, output: 0 }, overrides)).toBeCloseTo(1.6, 10);
  });

  it("is empty without MEND_PRICES", () => {
    expect(loadPriceOverrides({})).toEqual({});
  });

  it("rejects a missing or malformed file with a UsageError", async () => {
    dir = await mkdtemp(join(tmpdir(), "mend-prices-"));
    const bad = join(dir, "bad.json");
    await writeFile(bad, JSON.stringify({ "gpt-4o": { input: 1 } }));
    for (const path of [bad, join(dir, "absent.json")]) {
      expect(() => loadPriceOverrides({ MEND_PRICES: path })).toThrow(/MEND_PRICES/);
      try {
        loadPriceOverrides({ MEND_PRICES: path });
      } catch (error) {
        expect(UsageError.isInstance(error)).toBe(true);
      }
    }
  });
});
