import type { Redis } from "ioredis";
import type { GateTicket, ModelGate } from "../agent/model-gate.js";
import { SharedBudgetError } from "../errors/shared-budget-error.js";

// Check and record in one step, so two workers can never both take the last of the budget.
// KEYS[1]: the eval's budget hash; ARGV: tokens to reserve, token cap (-1: none), USD cap (-1: none).
const ADMIT = `
local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens') or '0')
local usd = tonumber(redis.call('HGET', KEYS[1], 'usd') or '0')
local reserve = tonumber(ARGV[1])
if tonumber(ARGV[2]) >= 0 and tokens + reserve > tonumber(ARGV[2]) then return {0, 'tokens', tostring(tokens)} end
if tonumber(ARGV[3]) >= 0 and usd >= tonumber(ARGV[3]) then return {0, 'usd', tostring(usd)} end
redis.call('HINCRBY', KEYS[1], 'tokens', reserve)
redis.call('HINCRBY', KEYS[1], 'calls', 1)
return {1, '', ''}
`;

/** The Redis hash holding what an eval's runs spent, on every worker. */
export function sharedBudgetKey(evalId: string): string {
  return `mend:budget:${evalId}`;
}

/**
 * One budget for every run of a queued eval, kept in Redis: before each model call its
 * estimated tokens are recorded atomically (a Lua script), and a call that would cross the
 * token cap, or any call once the dollar cap is reached, is refused on every worker. When the
 * call returns, the estimate is replaced by the tokens and cost it really used.
 */
export function sharedBudgetGate(redis: Redis, evalId: string, caps: { tokens?: number; usd?: number }): ModelGate {
  const key = sharedBudgetKey(evalId);
  return {
    async admit({ estimatedTokens }): Promise<GateTicket> {
      const [admitted, kind, spent] = (await redis.eval(ADMIT, 1, key, estimatedTokens, caps.tokens ?? -1, caps.usd ?? -1)) as [number, string, string];
      if (admitted !== 1) {
        const message =
          kind === "tokens"
            ? `the eval's shared budget of ${caps.tokens} tokens would be crossed (${spent} used by all workers, about ${estimatedTokens} more asked)`
            : `the eval's shared budget of $${caps.usd} is spent ($${Number(spent).toFixed(4)} used by all workers)`;
        throw new SharedBudgetError(kind === "tokens" ? "tokens" : "usd", message);
      }
      return {
        async settle({ input, output, costUsd }) {
          const multi = redis.multi().hincrby(key, "tokens", input + output - estimatedTokens);
          if (costUsd > 0) multi.hincrbyfloat(key, "usd", costUsd);
          await multi.exec();
        },
      };
    },
  };
}

/** What an eval's runs spent so far, on every worker. */
export async function readSharedSpending(redis: Redis, evalId: string): Promise<{ tokens: number; usd: number; calls: number }> {
  const values = await redis.hgetall(sharedBudgetKey(evalId));
  return { tokens: Number(values.tokens ?? 0), usd: Number(values.usd ?? 0), calls: Number(values.calls ?? 0) };
}
