import { setTimeout as sleep } from "node:timers/promises";

// Postgres SQLSTATEs of a server going away or not yet back (admin/crash shutdown, starting
// up, connection failures), and the socket errors of the same events.
const LOST = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);

/** True for an error that says the database connection was lost or refused, not that the query was wrong. */
export function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && LOST.has(code)) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /Connection terminated|connection timeout|terminating connection|the database system is (starting up|shutting down)/i.test(message);
}

/**
 * Runs `step` again while it fails on a lost connection (a database restarting), for up to
 * `withinMs`; any other error, or one that outlasts the window, is thrown.
 */
export async function retryOnConnectionLoss<T>(step: () => Promise<T>, withinMs = 60_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  let wait = 100;
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (!isConnectionLoss(error) || Date.now() + wait > deadline) throw error;
      await sleep(wait);
      wait = Math.min(wait * 2, 2_000);
    }
  }
}
