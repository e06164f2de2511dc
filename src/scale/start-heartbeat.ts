import type { Redis } from "ioredis";
import { type WorkerBeat, workerKey } from "./worker-beat.js";

/** A worker's heartbeat, sending until stopped. */
export interface Heartbeat {
  /** Sends a beat now (after a job starts or ends, so that followers see it at once). */
  beat(): void;
  /** Stops beating and removes the worker's key: a worker that stops cleanly leaves the list at once. */
  stop(): Promise<void>;
}

/**
 * Every `intervalMs`, writes the worker's state under its key with a time to live of three
 * intervals: a worker that dies (SIGKILL, a lost machine) stops refreshing it, and Redis drops
 * it from the list of live workers without anyone cleaning up. A lost beat (Redis restarting)
 * is only a missed refresh.
 */
export function startHeartbeat(redis: Redis, state: () => WorkerBeat, intervalMs: number): Heartbeat {
  const send = () => {
    const beat = { ...state(), at: Date.now() };
    redis.set(workerKey(beat.name), JSON.stringify(beat), "PX", intervalMs * 3).catch(() => undefined);
  };
  send();
  const timer = setInterval(send, intervalMs);
  timer.unref();
  return {
    beat: send,
    async stop() {
      clearInterval(timer);
      await redis.del(workerKey(state().name)).catch(() => undefined);
    },
  };
}
