import type { AgentStateValue, AgentUpdate } from "./state.js";

// Always written: `usage`, whose reducer adds the update to what is there (a write of it is
// never a no-op), and `code`, which the error boundary reads from each validation's update
// (the same code validated again is what its stuck detection looks for; see guard-graph.ts).
const ALWAYS_WRITTEN = new Set<string>(["usage", "code"]);

/**
 * The update without the channels it would set to what they already hold. Every other channel
 * keeps the last value written, so leaving such a key out changes no state; it saves the
 * checkpointer a serialized write per key and step, which the loop paid for about ten
 * channels a step (counters and flags that stay as they are). Compared by identity, and empty
 * lists as equal: nothing is walked.
 */
export function changedOnly(state: AgentStateValue, update: AgentUpdate): AgentUpdate {
  const before = state as unknown as Record<string, unknown>;
  let kept: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(update)) {
    if (ALWAYS_WRITTEN.has(key) || !same(before[key], value)) continue;
    kept ??= { ...update };
    delete kept[key];
  }
  return (kept ?? update) as AgentUpdate;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return Array.isArray(a) && Array.isArray(b) && a.length === 0 && b.length === 0;
}
