import { randomBytes } from "node:crypto";

/**
 * A run id that sorts by start time and is short enough to type:
 * `20250314-093012-4f9a1c` (UTC date, time, 6 random hex digits).
 */
export function createRunId(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${stamp}-${randomBytes(3).toString("hex")}`;
}
