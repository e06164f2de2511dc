import type { AgentUpdate } from "../state.js";

/**
 * Only reached on resuming a run checkpointed by an earlier version with `analyze` next (the
 * analysis was a step of its own then): it changes nothing and leads to repair, which
 * analyzes the failure itself as its first part, so such a run goes on as it would have.
 */
export function analyzeNode() {
  return (): AgentUpdate => ({});
}
