import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelClient } from "../agent/collaborators.js";
import { gateModelClient } from "../agent/model-gate.js";
import { SharedBudgetError } from "../errors/shared-budget-error.js";
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

describe("the shared budget in Redis", () => {
  it("admits calls from many workers at once up to the token cap and refuses every one past it", async () => {
    const gates = [connect(), connect(), connect()].map((client) => sharedBudgetGate(client, "eval-tokens", { tokens: 1_000 }));
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => gates[i % 3].admit({ model: "m", estimatedTokens: 100 })));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
    expect(outcomes.map(refusal).filter((kind) => kind === "tokens")).toHaveLength(20);
    expect(await readSharedSpending(connect(), "eval-tokens")).toMatchObject({ tokens: 1_000, calls: 10 });

    // Calls that used less than estimated give the rest back.
    for (const outcome of outcomes) if (outcome.status === "fulfilled") await outcome.value.settle({ input: 30, output: 20, costUsd: 0 });
    expect((await readSharedSpending(connect(), "eval-tokens")).tokens).toBe(500);
    const more = await Promise.allSettled(Array.from({ length: 8 }, () => gates[0].admit({ model: "m", estimatedTokens: 100 })));
    expect(more.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(5);
  });

  it("refuses every call once the dollar cap is spent", async () => {
    const gate = sharedBudgetGate(connect(), "eval-usd", { usd: 1 });
    await (await gate.admit({ model: "m", estimatedTokens: 10 })).settle({ input: 10, output: 10, costUsd: 0.6 });
    await (await gate.admit({ model: "m", estimatedTokens: 10 })).settle({ input: 10, output: 10, costUsd: 0.6 });
    const other = sharedBudgetGate(connect(), "eval-usd", { usd: 1 });
    await expect(other.admit({ model: "m", estimatedTokens: 10 })).rejects.toMatchObject({ kind: "usd", message: expect.stringContaining("$1 is spent") });
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
