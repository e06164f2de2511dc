import type { Strategy } from "../shared/attempt.js";

/** Failed model attempts a strategy gets before the loop escalates to the next one. */
export const FAILURES_PER_STRATEGY: Record<Strategy, number> = {
  generate: 1,
  fix: 2,
  plan_fix: 2,
  fresh: 1,
};

const NEXT: Record<Strategy, Strategy> = {
  // A generated or fresh program that fails becomes the code the next repairs start from.
  generate: "fix",
  fix: "plan_fix",
  plan_fix: "fresh",
  fresh: "fix",
};

/** The strategy after one more failed model attempt under `current`, and the new failure count. */
export function escalate(current: Strategy, failures: number): { strategy: Strategy; failures: number } {
  if (failures < FAILURES_PER_STRATEGY[current]) return { strategy: current, failures };
  return { strategy: NEXT[current], failures: 0 };
}

const BASE_TEMPERATURE = 0.2;
const TEMPERATURE_STEP = 0.2;
const MAX_TEMPERATURE = 1;

/**
 * Sampling temperature for the next model call: low for the first try, higher with each
 * consecutive failure so that retries explore instead of repeating the same answer.
 */
export function temperatureFor(consecutiveFailures: number): number {
  const raw = BASE_TEMPERATURE + TEMPERATURE_STEP * consecutiveFailures;
  return Math.round(Math.min(MAX_TEMPERATURE, raw) * 100) / 100;
}
