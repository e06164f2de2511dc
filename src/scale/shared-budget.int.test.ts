import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelClient, PromptMessage } from "../agent/collaborators.js";
import { createModelClient } from "../agent/model-client.js";
import { ESTIMATED_OUTPUT_TOKENS, estimateCall, gateModelClient } from "../agent/model-gate.js";
import { SharedBudgetError } from "../errors/shared-budget-error.js";
import { createChatModel } from "../models/create-chat-model.js";
import { parseModelSpec } from "../models/model-spec.js";
import { costOf } from "../models/pricing.js";
import { startScriptedServer } from "../testkit/index.js";
import { type LocalRedis, startLocalRedis } from "../testkit/local-redis.js";
import { readSharedSpending, sharedBudgetGate } from "./shared-budget.js";

let redis: LocalRedis;
const clients: Redis[] = [];
// One connection per simulated worker, as separate processes would have.
const connect = () => {
  const client = new Redis(redis.url);
  clients.push(client);
  return client;
};
beforeAll(async () => {
  redis = await startLocalRedis();
}, 60_000);
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redis?.stop();
});

const refusal = (outcome: PromiseSettledResult<unknown>) => (outcome.status === "rejected" && SharedBudgetError.isInstance(outcome.reason) ? outcome.reason.kind : undefined);

/** A real OpenAI client of a priced model, talking to `url` over HTTP. */
async function pricedClient(url: string): Promise<ModelClient> {
  const spec = "openai:gpt-4o-mini";
  const chat = await createChatModel(parseModelSpec(spec), { baseUrl: url, env: { OPENAI_API_KEY: "test-key" } });
  if (!chat) throw new Error("no chat model");
  return createModelClient(chat, spec);
}

const PROMPT: PromptMessage[] = [
  { role: "system", content: "You write Python functions. Answer with one fenced code block." },
  { role: "user", content: "def median(xs: list[float]) -> float: the median of a non-empty list; the mean of the two middle values for an even count." },
];
const ANSWER = "```python\ndef median(xs):\n    s = sorted(xs)\n    n = len(s)\n    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2\n```";

describe("the shared budget in Redis", () => {
  it("admits calls from many workers at once up to the token cap and refuses every one past it", async () => {
    const gates = [connect(), connect(), connect()].map((client) => sharedBudgetGate(client, "eval-tokens", { tokens: 1_000 }));
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => gates[i % 3].admit({ model: "m", estimatedTokens: 100, estimatedUsd: 0 })));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
    expect(outcomes.map(refusal).filter((kind) => kind === "tokens")).toHaveLength(20);
    expect(await readSharedSpending(connect(), "eval-tokens")).toMatchObject({ tokens: 1_000, calls: 10 });

    // Calls that used less than estimated give the rest back.
    for (const outcome of outcomes) if (outcome.status === "fulfilled") await outcome.value.settle({ input: 30, output: 20, costUsd: 0 });
    expect((await readSharedSpending(connect(), "eval-tokens")).tokens).toBe(500);
    const more = await Promise.allSettled(Array.from({ length: 8 }, () => gates[0].admit({ model: "m", estimatedTokens: 100, estimatedUsd: 0 })));
    expect(more.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(5);
  });

  it("reserves each call's estimated cost before it is made: of 12 calls at once from three workers, a cap that fits 4 estimates lets exactly 4 reach the model", async () => {
    const estimate = estimateCall("openai:gpt-4o-mini", PROMPT);
    // The prompt's tokens as the provider counts them, and every reply as long as the estimate
    // assumes: each call costs exactly its reservation, whatever the order of the replies.
    const server = await startScriptedServer(() => ({ reply: ANSWER, usage: { input: estimate.estimatedTokens - ESTIMATED_OUTPUT_TOKENS, output: ESTIMATED_OUTPUT_TOKENS } }));
    try {
      const perCall = estimate.estimatedUsd ?? 0;
      expect(perCall).toBeGreaterThan(0);
      const cap = perCall * 4.5;
      const model = await pricedClient(server.url);
      const workers = [connect(), connect(), connect()].map((client) => gateModelClient(model, sharedBudgetGate(client, "eval-usd", { usd: cap })));
      const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => workers[i % 3].call(PROMPT, {})));

      const replies = outcomes.filter((outcome) => outcome.status === "fulfilled");
      expect(replies).toHaveLength(4);
      expect(server.requests).toHaveLength(4);
      expect(outcomes.map(refusal).filter((kind) => kind === "usd")).toHaveLength(8);
      const refused = outcomes.find((outcome) => outcome.status === "rejected");
      expect(refused?.status === "rejected" && refused.reason.message).toMatch(/shared budget of \$[\d.]+ would be crossed/);
      const spent = await readSharedSpending(connect(), "eval-usd");
      expect(spent.calls).toBe(4);
      expect(spent.usd).toBeLessThanOrEqual(cap);
      const billed = replies.reduce((sum, outcome) => sum + outcome.value.costUsd, 0);
      expect(spent.usd).toBeCloseTo(billed, 8);
    } finally {
      await server.close();
    }
  });

  it("settles each call to its reported cost: replies shorter than assumed give the rest back, and more calls fit; the spending never passes the cap", async () => {
    const estimate = estimateCall("openai:gpt-4o-mini", PROMPT);
    const input = estimate.estimatedTokens - ESTIMATED_OUTPUT_TOKENS;
    // Each reply uses an eighth of the assumed output.
    const server = await startScriptedServer(() => ({ reply: ANSWER, usage: { input, output: ESTIMATED_OUTPUT_TOKENS / 8 } }));
    try {
      const cap = (estimate.estimatedUsd ?? 0) * 2.5;
      const model = await pricedClient(server.url);
      const workers = [connect(), connect()].map((client) => gateModelClient(model, sharedBudgetGate(client, "eval-settle", { usd: cap })));
      let made = 0;
      // Two workers calling one after the other until the budget refuses them both.
      const work = async (worker: ModelClient) => {
        for (;;) {
          try {
            await worker.call(PROMPT, {});
            made++;
          } catch (error) {
            if (SharedBudgetError.isInstance(error)) return error.kind;
            throw error;
          }
        }
      };
      expect(await Promise.all(workers.map(work))).toEqual(["usd", "usd"]);
      const actual = costOf("openai:gpt-4o-mini", { input, output: ESTIMATED_OUTPUT_TOKENS / 8 });
      // Far more calls than the two the estimates alone would have let through.
      expect(made).toBeGreaterThan(2);
      expect(server.requests).toHaveLength(made);
      const spent = await readSharedSpending(connect(), "eval-settle");
      expect(spent.calls).toBe(made);
      expect(spent.usd).toBeCloseTo(made * actual, 8);
      expect(spent.usd).toBeLessThanOrEqual(cap);
      // The last refusal came when one more reservation no longer fitted.
      expect(spent.usd + (estimate.estimatedUsd ?? 0)).toBeGreaterThan(cap);
    } finally {
      await server.close();
    }
  });

  it("refuses, before any call, a dollar cap for a model nobody priced", async () => {
    const gate = sharedBudgetGate(connect(), "eval-unpriced", { usd: 1 });
    await expect(gate.admit(estimateCall("openai:my-own-model", PROMPT))).rejects.toMatchObject({ kind: "usd", message: expect.stringContaining("no price") });
    expect((await readSharedSpending(connect(), "eval-unpriced")).calls).toBe(0);
  });

  it("a refused call never reaches the model", async () => {
    let calls = 0;
    const model: ModelClient = {
      name: "counting",
      async call() {
        calls++;
        return { text: "x", usage: { input: 1, output: 1 }, costUsd: 0, retries: 0, durationMs: 1 };
      },
    };
    const gated = gateModelClient(model, sharedBudgetGate(connect(), "eval-gated", { tokens: 5 }));
    await expect(gated.call([{ role: "user", content: "a prompt far longer than five tokens of budget" }], {})).rejects.toMatchObject({ kind: "tokens" });
    expect(calls).toBe(0);
  });
});
