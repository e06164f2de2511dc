import { readFileSync } from "node:fs";
import { z } from "zod";
import { UsageError } from "../errors/usage-error.js";

/** US dollars per million tokens. */
export interface Price {
  inputPerMTok: number;
  outputPerMTok: number;
}

/**
 * List prices (USD per million tokens, standard tier, no caching) of common models, matched
 * by name prefix, longest first (`gpt-4o-mini-2024-07-18` is `gpt-4o-mini`). Prices change:
 * users override or extend this table with a JSON file named by `MEND_PRICES`.
 */
const PRICES: Record<string, Price> = {
  "gpt-5": { inputPerMTok: 1.25, outputPerMTok: 10 },
  "gpt-5-mini": { inputPerMTok: 0.25, outputPerMTok: 2 },
  "gpt-5-nano": { inputPerMTok: 0.05, outputPerMTok: 0.4 },
  "gpt-4.1": { inputPerMTok: 2, outputPerMTok: 8 },
  "gpt-4.1-mini": { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  "gpt-4.1-nano": { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  "gpt-4o": { inputPerMTok: 2.5, outputPerMTok: 10 },
  "gpt-4o-mini": { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  "gpt-4-turbo": { inputPerMTok: 10, outputPerMTok: 30 },
  "gpt-3.5-turbo": { inputPerMTok: 0.5, outputPerMTok: 1.5 },
  o1: { inputPerMTok: 15, outputPerMTok: 60 },
  "o1-pro": { inputPerMTok: 150, outputPerMTok: 600 },
  "o1-mini": { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  o3: { inputPerMTok: 2, outputPerMTok: 8 },
  "o3-pro": { inputPerMTok: 20, outputPerMTok: 80 },
  "o3-mini": { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  "o4-mini": { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  "claude-opus-4-5": { inputPerMTok: 5, outputPerMTok: 25 },
  "claude-opus-4": { inputPerMTok: 15, outputPerMTok: 75 },
  "claude-3-opus": { inputPerMTok: 15, outputPerMTok: 75 },
  "claude-sonnet-4": { inputPerMTok: 3, outputPerMTok: 15 },
  "claude-3-7-sonnet": { inputPerMTok: 3, outputPerMTok: 15 },
  "claude-3-5-sonnet": { inputPerMTok: 3, outputPerMTok: 15 },
  "claude-haiku-4": { inputPerMTok: 1, outputPerMTok: 5 },
  "claude-3-5-haiku": { inputPerMTok: 0.8, outputPerMTok: 4 },
  "claude-3-haiku": { inputPerMTok: 0.25, outputPerMTok: 1.25 },
  "deepseek-chat": { inputPerMTok: 0.27, outputPerMTok: 1.1 },
  "deepseek-reasoner": { inputPerMTok: 0.55, outputPerMTok: 2.19 },
};

const FREE: Price = { inputPerMTok: 0, outputPerMTok: 0 };

/**
 * The price of a model, by its name (`gpt-4o`) or its spec (`openai:gpt-4o`): the entry with
 * the longest matching prefix, overrides and table together (overrides win ties; an override
 * keyed by a spec, `openai:gpt-4o`, wins outright). Local models (`ollama:`, `llama:`, `offline`) cost 0.
 * Undefined for a model nobody priced: the caller decides (a cost budget cannot be checked).
 */
export function priceOf(model: string, overrides: Record<string, Price> = {}): Price | undefined {
  const colon = model.indexOf(":");
  const provider = colon === -1 ? "" : model.slice(0, colon);
  if (model === "offline" || provider === "ollama" || provider === "llama") return FREE;
  const name = provider === "openai" || provider === "anthropic" ? model.slice(colon + 1) : model;
  const bySpec = name === model ? undefined : longestPrefix(overrides, model);
  // Overrides and the table compete by prefix length, so overriding `gpt-4o` leaves
  // `gpt-4o-mini` alone.
  return bySpec ?? longestPrefix({ ...PRICES, ...overrides }, name);
}

/** Cost in USD of a call's usage; 0 when the model is not priced. */
export function costOf(
  model: string,
  usage: { input: number; output: number },
  overrides?: Record<string, Price>,
): number {
  const price = priceOf(model, overrides);
  if (price === undefined) return 0;
  return (usage.input * price.inputPerMTok + usage.output * price.outputPerMTok) / 1_000_000;
}

const priceFileSchema = z.record(
  z.string().min(1),
  z.object({ inputPerMTok: z.number().nonnegative(), outputPerMTok: z.number().nonnegative() }).strict(),
);

/**
 * Reads price overrides from the JSON file named by `MEND_PRICES`, if set:
 * `{ "my-model": { "inputPerMTok": 0.5, "outputPerMTok": 1.5 } }`; keys are model-name (or
 * spec) prefixes. A missing or malformed file is a UsageError.
 */
export function loadPriceOverrides(env: NodeJS.ProcessEnv = process.env): Record<string, Price> {
  const path = env.MEND_PRICES?.trim();
  if (!path) return {};
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`MEND_PRICES: cannot read ${path}`, { code: "price_file", cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`MEND_PRICES: ${path} is not valid JSON`, { code: "price_file", cause: error });
  }
  const parsed = priceFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `MEND_PRICES: ${path}: ${issue.path.join(".") || "(root)"}: ${issue.message}; expected {"model": {"inputPerMTok": n, "outputPerMTok": n}}`,
      { code: "price_file" },
    );
  }
  return parsed.data;
}

function longestPrefix(table: Record<string, Price>, name: string): Price | undefined {
  let best: string | undefined;
  for (const key of Object.keys(table)) {
    if (name.startsWith(key) && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? undefined : table[best];
}
