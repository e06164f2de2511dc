/**
 * Reads a Retry-After value (HTTP: delay in seconds, or an HTTP date) as milliseconds from
 * `now`. Also accepts OpenAI's `retry-after-ms`. Undefined when absent or unreadable.
 */
export function parseRetryAfter(
  headers: { retryAfter?: string | null; retryAfterMs?: string | null },
  now: number = Date.now(),
): number | undefined {
  const ms = headers.retryAfterMs?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  const value = headers.retryAfter?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  // HTTP dates name the day and month; Date.parse would also take "-3" as a year.
  if (!/[a-z]/i.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
