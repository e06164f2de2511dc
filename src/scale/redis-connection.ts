import type { RedisOptions } from "bullmq";
import { Redis } from "ioredis";
import { UsageError } from "../errors/usage-error.js";
import { parseQueueUrl, redactUrl } from "./service-url.js";

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * ioredis options for `--queue URL`. BullMQ's blocking commands need
 * `maxRetriesPerRequest: null`; the retry strategy reconnects without end, backing off to
 * 2 s, so that workers ride out a Redis restart.
 */
export function redisOptionsFrom(value: string): RedisOptions {
  const url = parseQueueUrl(value);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new UsageError(`--queue: "${url.pathname.slice(1)}" is not a Redis database number`, { code: "service_url" });
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 6379,
    db,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.protocol === "rediss:" ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(times * 100, 2_000),
  };
}

/** Throws a usage error (one line, exit 2) unless Redis answers at `--queue URL`: checked before anything is queued. */
export async function checkRedisReachable(value: string): Promise<void> {
  const url = parseQueueUrl(value);
  const client = new Redis({
    ...redisOptionsFrom(value),
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // Reported by connect() below; ioredis also emits it, and an unheard error event is a crash.
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`cannot reach Redis at ${redactUrl(url)} (--queue): ${reason}`, { code: "queue_unreachable", cause: error });
  } finally {
    client.disconnect();
  }
}
