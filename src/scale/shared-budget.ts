import type { Redis } from "ioredis";
import type { GateTicket, ModelGate } from "../agent/model-gate.js";
import { SharedBudgetError } from "../errors/shared-budget-error.js";

// Dollars are kept as whole nanodollars: Redis adds integers exactly, so K reservations of $x
// fit a cap of $K·x however they interleave (floats would drift by a rounding error).
const NANO = 1e9;

// Check and reserve in one step, so two workers can never both take the last of the budget.
// KEYS[1]: the eval's budget hash. ARGV: tokens to reserve, nanodollars to reserve, token cap
// (-1: none), nanodollar cap (-1: none).
const ADMIT = `
local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens') or '0')
local nano = tonumber(redis.call('HGET', KEYS[1], 'nano_usd') or '0')
local tokens_asked = tonumber(ARGV[1])
local nano_asked = tonumber(ARGV[2])
if tonumber(ARGV[3]) >= 0 and tokens + tokens_asked > tonumber(ARGV[3]) then return {0, 'tokens', tostring(tokens)} end
if tonumber(ARGV[4]) >= 0 and nano + nano_asked > tonumber(ARGV[4]) then return {0, 'usd', tostring(nano)} end
redis.call('HINCRBY', KEYS[1], 'tokens', tokens_asked)
redis.call('HINCRBY', KEYS[1], 'nano_usd', nano_asked)
redis.call('HINCRBY', KEYS[1], 'calls', 1)
return {1, '', ''}
`;

/** The Redis hash holding what an eval's runs spent, on every worker. */
export function sharedBudgetKey(evalId: string): string {
  return `mend:budget:${evalId}`;
}

/**
 * One budget for every run of a queued eval, kept in Redis. Before each model call its
 * estimated tokens and cost (the prompt counted, the output assumed: `estimateCall`) are
 * reserved atomically by a Lua script, and a call whose reservation would cross a cap is
 * refused on every worker; so calls in flight at once can never together cross it. When the
 * call returns, its reservation is replaced by the tokens and cost the provider reported (a
 * failed call gives all of it back). A reply longer than assumed is counted in full: the
 * spending then exceeds its reservation, and later calls see less room.
 */
export function sharedBudgetGate(redis: Redis, evalId: string, caps: { tokens?: number; usd?: number }): ModelGate {
  const key = sharedBudgetKey(evalId);
  const capNano = caps.usd === undefined ? -1 : Math.floor(caps.usd * NANO);
  return {
    async admit({ model, estimatedTokens, estimatedUsd }): Promise<GateTicket> {
      if (caps.usd !== undefined && estimatedUsd === undefined) {
        throw new SharedBudgetError("usd", `the eval's shared budget of $${caps.usd} cannot count calls to ${model}: it has no price on this worker (MEND_PRICES names a price file)`);
      }
      const reservedNano = Math.ceil((estimatedUsd ?? 0) * NANO);
      const [admitted, kind, spent] = (await redis.eval(ADMIT, 1, key, estimatedTokens, reservedNano, caps.tokens ?? -1, capNano)) as [number, string, string];
      if (admitted !== 1) {
        const message =
          kind === "tokens"
            ? `the eval's shared budget of ${caps.tokens} tokens would be crossed (${spent} used or reserved by all workers, about ${estimatedTokens} more asked)`
            : `the eval's shared budget of $${caps.usd} would be crossed ($${(Number(spent) / NANO).toFixed(6)} used or reserved by all workers, about $${(reservedNano / NANO).toFixed(6)} more asked)`;
        throw new SharedBudgetError(kind === "tokens" ? "tokens" : "usd", message);
      }
      return {
        async settle({ input, output, costUsd }) {
          // Rounded up, like the reservation: what is recorded is never less than what was spent.
          await redis
            .multi()
            .hincrby(key, "tokens", input + output - estimatedTokens)
            .hincrby(key, "nano_usd", Math.ceil(costUsd * NANO) - reservedNano)
            .exec();
        },
      };
    },
  };
}

/** What an eval's runs spent so far (calls in flight counted at their reservation), on every worker. */
export async function readSharedSpending(redis: Redis, evalId: string): Promise<{ tokens: number; usd: number; calls: number }> {
  const values = await redis.hgetall(sharedBudgetKey(evalId));
  return { tokens: Number(values.tokens ?? 0), usd: Number(values.nano_usd ?? 0) / NANO, calls: Number(values.calls ?? 0) };
}
