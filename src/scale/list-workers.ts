import type { Redis } from "ioredis";
import { type WorkerBeat, WORKER_KEY_PREFIX } from "./worker-beat.js";

/** The workers whose heartbeat has not expired, by name. */
export async function listWorkers(redis: Redis): Promise<WorkerBeat[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", `${WORKER_KEY_PREFIX}*`, "COUNT", 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== "0");
  if (keys.length === 0) return [];
  // A key may expire between the scan and the read: it is simply not listed.
  const values = await redis.mget(...keys);
  return values
    .filter((value): value is string => value !== null)
    .map((value) => JSON.parse(value) as WorkerBeat)
    .sort((a, b) => a.name.localeCompare(b.name));
}
