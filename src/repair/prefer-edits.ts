import type { Mutation, OperatorName } from "./source-edit.js";

/**
 * An edit that fixed a similar failure before: the text it replaced and the text it put in,
 * and the operator that made it when the offline engine did (a model's fix has none).
 */
export interface PreferredEdit {
  operator?: OperatorName;
  before: string;
  after: string;
}

/**
 * How far a remembered edit moves a mutation forward, in operator-cost units (the candidate
 * pool's location weight is 3): the same replacement as before goes ahead of nearly every
 * other mutation on a suspicious line; the same operator only ahead of costlier ones there.
 */
const SAME_EDIT_BONUS = 3;
const SAME_OPERATOR_BONUS = 1;

/**
 * The mutations in search order, with those that repeat what fixed similar failures before
 * moved forward. The rest keep their order; with nothing preferred, nothing moves. A
 * remembered fix is a hint, not a filter: every mutation is still tried.
 */
export function preferEdits(
  ordered: readonly Mutation[],
  keyOf: (mutation: Mutation) => number | undefined,
  source: string,
  preferred: readonly PreferredEdit[] | undefined,
): Mutation[] {
  if (!preferred?.length) return [...ordered];
  const edits = new Set(preferred.map((edit) => editKey(edit.before, edit.after)));
  const operators = new Set(preferred.flatMap((edit) => (edit.operator ? [edit.operator] : [])));
  const bonusOf = (mutation: Mutation) => {
    const before = source.slice(mutation.edit.start, mutation.edit.end);
    if (edits.has(editKey(before, mutation.edit.text))) return SAME_EDIT_BONUS;
    return operators.has(mutation.operator) ? SAME_OPERATOR_BONUS : 0;
  };
  return ordered
    .map((mutation, index) => ({ mutation, index, key: (keyOf(mutation) ?? mutation.cost) - bonusOf(mutation) }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map((entry) => entry.mutation);
}

/** Layout aside: `i<n` and `i < n` are the same edit. */
function editKey(before: string, after: string): string {
  return `${before.replace(/\s+/g, "")}\u0000${after.replace(/\s+/g, "")}`;
}
