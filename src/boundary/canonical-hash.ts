import { createHash } from "node:crypto";
import { isBaseMessage } from "@langchain/core/messages";
import { messageForm } from "./message-form.js";

/**
 * Keys whose values change on every run of the same work (identifiers, clocks, durations,
 * provider usage figures). Leaving them in would make a real loop look like progress.
 */
const VOLATILE_KEY = /^(id|runId|run_id|tool_call_id|timestamp|createdAt|created_at|updatedAt|updated_at|usage_metadata|response_metadata|duration)$|[a-z](Ms|_ms)$/;

/** Whether a key is left out of signatures by default. */
export function isVolatileKey(key: string): boolean {
  return VOLATILE_KEY.test(key);
}

/**
 * A short hash of a value's canonical form: object keys sorted, volatile keys dropped,
 * chat messages reduced to what they say (type, content, name, tool calls without ids).
 * Equal content gives equal hashes whatever the key order or message ids.
 */
export function canonicalHash(value: unknown, ignoreKey: (key: string) => boolean = isVolatileKey): string {
  const json = JSON.stringify(canonicalForm(value, ignoreKey, new WeakSet())) ?? "undefined";
  return createHash("sha256").update(json).digest("hex").slice(0, 16);
}

function canonicalForm(value: unknown, ignoreKey: (key: string) => boolean, seen: WeakSet<object>): unknown {
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value !== "object") return undefined;
  if (seen.has(value)) return "[cycle]";
  seen.add(value);
  try {
    if (isBaseMessage(value)) return canonicalForm(messageForm(value), ignoreKey, seen);
    if (Array.isArray(value)) return value.map((item) => canonicalForm(item, ignoreKey, seen) ?? null);
    if (value instanceof Date) return value.toISOString();
    if (value instanceof Map) {
      return sortedEntries([...value.entries()].map(([key, item]) => [String(key), item]), ignoreKey, seen);
    }
    if (value instanceof Set) {
      return [...value].map((item) => JSON.stringify(canonicalForm(item, ignoreKey, seen))).sort();
    }
    return sortedEntries(Object.entries(value), ignoreKey, seen);
  } finally {
    seen.delete(value);
  }
}

function sortedEntries(entries: [string, unknown][], ignoreKey: (key: string) => boolean, seen: WeakSet<object>) {
  const result: Record<string, unknown> = {};
  for (const [key, item] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (ignoreKey(key)) continue;
    const form = canonicalForm(item, ignoreKey, seen);
    if (form !== undefined) result[key] = form;
  }
  return result;
}
