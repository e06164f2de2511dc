/**
 * How `callModel` retries provider faults: bounded in count and in total time. Every field
 * is optional; `resolveRetryPolicy` fills in the defaults.
 */
export interface RetryPolicy {
  /** Retries after the first try (default 4). */
  maxRetries?: number;
  /**
   * No retry is started (and no wait begun) that would end past this much time since the
   * first try began (default 60 s). An attempt in flight is bounded by the client timeout.
   */
  maxElapsedMs?: number;
  /** First backoff delay; doubles per retry (default 500 ms). */
  baseDelayMs?: number;
  /** Cap on one backoff delay (default 20 s). */
  maxDelayMs?: number;
  /** Cap on honouring a provider's Retry-After (default 30 s). */
  maxRetryAfterMs?: number;
  /** Injectable clock and randomness, for tests and simulations. */
  clock?: RetryClock;
  random?: () => number;
}

export interface RetryClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export type ResolvedRetryPolicy = Required<RetryPolicy>;

export const DEFAULT_RETRY_POLICY: Readonly<Omit<ResolvedRetryPolicy, "clock" | "random">> = {
  maxRetries: 4,
  maxElapsedMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 30_000,
};

/** The real clock: `Date.now` and a timer that an abort signal cancels. */
export const systemClock: RetryClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};

export function resolveRetryPolicy(policy: RetryPolicy = {}): ResolvedRetryPolicy {
  return {
    maxRetries: policy.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
    maxElapsedMs: policy.maxElapsedMs ?? DEFAULT_RETRY_POLICY.maxElapsedMs,
    baseDelayMs: policy.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
    maxDelayMs: policy.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
    maxRetryAfterMs: policy.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs,
    clock: policy.clock ?? systemClock,
    random: policy.random ?? Math.random,
  };
}

/**
 * Delay before retry number `retry` (1-based): exponential backoff with "equal jitter"
 * (half fixed, half random), so that clients rate-limited together do not retry together.
 * A provider's Retry-After wins when given, up to `maxRetryAfterMs`.
 */
export function retryDelay(policy: ResolvedRetryPolicy, retry: number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), policy.maxRetryAfterMs);
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(exponential / 2 + (exponential / 2) * policy.random());
}
