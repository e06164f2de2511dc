import { existsSync, readFileSync } from "node:fs";

/**
 * One line of a run's `events.jsonl`, read without trusting its shape: the log is written
 * by several versions of the loop (and may end in half a line after a crash), so the
 * report narrows each event by its `type` when it renders it.
 */
export interface LoggedEvent {
  type: string;
  ts?: string;
  [field: string]: unknown;
}

/** The events of a log in order; lines that are not JSON objects with a `type` are skipped. */
export function readEventLog(path: string): LoggedEvent[] {
  if (!existsSync(path)) return [];
  const events: LoggedEvent[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string") {
      events.push(value as LoggedEvent);
    }
  }
  return events;
}
