import type { Candidate } from "./candidate-pool.js";
import type { OperatorName } from "./source-edit.js";

/** What was learned about plausible candidates after the search, by candidate id; a candidate missing from a map was not measured. */
export interface PlausibleEvidence {
  /** Inputs near the passing tests' own on which the candidate behaves unlike the original (the overfitting guard). */
  changes?: ReadonlyMap<number, number>;
  /** Lines the passing tests covered before the fix and no longer cover (see `linesLost`). */
  linesLost?: ReadonlyMap<number, number>;
  /**
   * Candidates found only because the guard had the search go on: one of them is taken only
   * when it changes less than those found before, so that where the guard cannot tell them
   * apart the choice is what it would have been without it.
   */
  late?: ReadonlySet<number>;
}

/**
 * How unlike a human fix an edit kind reads, for ties between plausible patches of the same
 * size (0 likeliest). Bug-fix studies find most one-line fixes change an operator, a constant,
 * a bound or a name; added statements, guards and widened expressions come after; a dropped
 * condition or statement last, since it makes tests pass by doing less (a narrower edit that
 * also passes is the better reading).
 */
const EDIT_KIND_PRIOR: Readonly<Partial<Record<OperatorName, number>>> = {
  builtin: 0.5,
  negate_condition: 0.5,
  insert_return: 0.5,
  delete_term: 0.5,
  insert_guard: 1,
  insert_statement: 1,
  wrap: 1,
  widen: 1,
  delete_statement: 1.5,
  delete_clause: 1.5,
};

export function priorOf(candidate: Candidate): number {
  return candidate.mutations.reduce((sum, mutation) => sum + (EDIT_KIND_PRIOR[mutation.operator] ?? 0), 0);
}

/**
 * The plausible candidates, the one to return first. A candidate that changes behaviour where
 * no failing test asked for a change goes after one that does not (the tests pass either way;
 * the change is unexplained); of equal changes, one found before the guard's extra search
 * goes first. Then the patch a person would most likely have written: fewest
 * edits, fewest tokens changed; of those, the one that keeps the passing tests' coverage of the
 * function's other lines, then the kind of edit human fixes take more often (EDIT_KIND_PRIOR),
 * and of equal changes the one that deletes rather than adds. A candidate the guard did not
 * measure (it ran the likeliest few) goes after those it did; missing coverage counts as none.
 */
export function rankPlausible(plausible: readonly Candidate[], evidence: PlausibleEvidence = {}): Candidate[] {
  const changes = (candidate: Candidate) => changesOf(candidate, evidence);
  const lost = (candidate: Candidate) => evidence.linesLost?.get(candidate.id) ?? 0;
  const late = (candidate: Candidate) => (evidence.late?.has(candidate.id) ? 1 : 0);
  return [...plausible].sort(
    (a, b) =>
      changes(a) - changes(b) ||
      late(a) - late(b) ||
      a.mutations.length - b.mutations.length ||
      a.size - b.size ||
      lost(a) - lost(b) ||
      priorOf(a) - priorOf(b) ||
      a.inserted - b.inserted ||
      sameSpotCharacters(a, b) ||
      a.key - b.key,
  );
}

/**
 * Two rewrites of the same text (`<` -> `>` and `<` -> `>=`): the one changing fewer characters
 * first, the mirror a person writes before the negation. Patches at different places are not
 * compared so: a changed start value (`balance = 1`) is no likelier than a changed comparison.
 */
function sameSpotCharacters(a: Candidate, b: Candidate): number {
  if (a.mutations.length !== 1 || b.mutations.length !== 1) return 0;
  const [x, y] = [a.mutations[0].edit, b.mutations[0].edit];
  return x.start === y.start && x.end === y.end ? a.characters - b.characters : 0;
}

/** True when the two rank the same on everything coverage could break a tie on. */
export function tiedBeforeCoverage(a: Candidate, b: Candidate, evidence: PlausibleEvidence): boolean {
  const changes = (candidate: Candidate) => changesOf(candidate, evidence);
  const late = (candidate: Candidate) => evidence.late?.has(candidate.id) === true;
  return changes(a) === changes(b) && late(a) === late(b) && a.mutations.length === b.mutations.length && a.size === b.size;
}

/** No guard, no count; with one, a candidate it did not measure counts as changing most. */
function changesOf(candidate: Candidate, evidence: PlausibleEvidence): number {
  if (!evidence.changes) return 0;
  return evidence.changes.get(candidate.id) ?? Number.MAX_SAFE_INTEGER;
}
