import type { Mutation, OperatorName } from "./source-edit.js";
import { commonEnds } from "../shared/common-ends.js";

/**
 * An edit that fixed a similar failure before: the text it replaced and the text it put in,
 * the operator that made it when the offline engine did (a model's fix has none), and the line
 * it was made on, as that line read before the fix.
 */
export interface PreferredEdit {
  operator?: OperatorName;
  before: string;
  after: string;
  line?: string;
}

/** A remembered edit as recalled for one failure. */
export interface WeightedEdit extends PreferredEdit {
  /**
   * How alike the failure it fixed is to the one being repaired, 0 to 1 (default 1): the
   * memory's recall says so (see `offlineEdits`), and the edit moves a mutation forward that
   * much less when its failure was less alike.
   */
  weight?: number;
  /**
   * How many edits the remembered fix made (default 1): a failure most like one that took two
   * edits may take two again, and the engine looks for pairs early (see `expectsPairs`).
   */
  fixEdits?: number;
}

/**
 * The failure is most like one whose fix took several edits: an edit of the best matching
 * recalled fix (weight 1, see `offlineEdits`) belongs to a fix of more than one edit.
 */
export function expectsPairs(preferred: readonly WeightedEdit[] | undefined): boolean {
  return (preferred ?? []).some((edit) => (edit.weight ?? 1) >= 1 && (edit.fixEdits ?? 1) > 1);
}

/**
 * How far a remembered edit moves a mutation forward, in operator-cost units (the candidate
 * pool's location weight is 3, operator costs run from 1 to about 6): the same replacement as
 * before goes ahead of nearly every other mutation on a suspicious line; the same kind of edit
 * (the same operator, or for a model's fix an edit of the same shape) ahead of costlier ones,
 * the more so the more its shape, names aside, is the remembered one's (the same change at its
 * core, as `<` -> `<=` or a `+ 1` dropped, counts as the same shape) and the more its line
 * is shaped like the line the remembered fix changed: bugs of one kind sit in like places
 * (a range's bound, a loop's comparison, the first line of a recursive function). Weighing the
 * line more and the operator less measured worse on bench:memory (5% fewer candidates instead
 * of 10%).
 */
const SAME_EDIT_BONUS = 3;
const SAME_OPERATOR_BONUS = 1;
const EDIT_SHAPE_BONUS = 1.5;
const LOCATION_BONUS = 1.5;
/** A model's fix has no operator: an edit this alike in shape counts as the same kind. */
const SAME_KIND_SHAPE = 0.8;
/**
 * A mutation repeats a remembered fix when it is the same kind of edit making the same change
 * at its core, on a line at least this alike in shape to the one the fix changed (when the
 * memory knows that line).
 */
const REPEAT_LINE_SHAPE = 0.5;
/**
 * A core change made of names and punctuation only (arguments swapped, one name for another)
 * is the same for every edit of its kind, so it says nothing about which one: such a fix is
 * repeated only on a line this alike to the one it changed, and counts as alike in shape only
 * by the whole edit's shape.
 */
const REPEAT_NAMES_LINE_SHAPE = 0.8;

/** How a mutation compares with the remembered edits. */
export interface RememberedMatch {
  /** How far it moves forward in the search (0: not at all). */
  bonus: number;
  /** It repeats a remembered fix: the same kind of edit (see `operatorKind`), core change and kind of line (see `REPEAT_LINE_SHAPE`). */
  repeats: boolean;
  /**
   * The same kind of edit as a remembered fix on a like line: the same operator kind (see
   * `operatorKind`) whatever its core change, or the same core change whatever its operator.
   */
  sameKind: boolean;
  /**
   * The same kind of edit as a remembered fix on any line (as `sameKind`, the line aside): a
   * like failure was fixed by such an edit before, though elsewhere in its program.
   */
  kindAnywhere: boolean;
}

/**
 * Compares mutations of `source` with the remembered edits; undefined with nothing remembered.
 */
export function rememberedMatcher(source: string, preferred: readonly WeightedEdit[] | undefined): ((mutation: Mutation) => RememberedMatch) | undefined {
  if (!preferred?.length) return undefined;
  const remembered = preferred.map((edit) => ({
    ...edit,
    key: editKey(edit.before, edit.after),
    shape: editShape(edit.before, edit.after),
    core: coreChange(edit.before, edit.after),
    namesOnly: namesOnly(coreChange(edit.before, edit.after)),
    kind: edit.operator === undefined ? undefined : operatorKind(edit.operator),
    weight: Math.min(1, Math.max(0, edit.weight ?? 1)),
    lineShape: edit.line === undefined ? undefined : shapeOf(edit.line),
  }));
  const lines = source.split("\n");
  const lineShapes = new Map<number, string[]>();
  const lineShape = (line: number) => {
    let shape = lineShapes.get(line);
    if (!shape) lineShapes.set(line, (shape = shapeOf(lines[line - 1] ?? "")));
    return shape;
  };
  return (mutation) => {
    const before = source.slice(mutation.edit.start, mutation.edit.end);
    const key = editKey(before, mutation.edit.text);
    let shape: string[] | undefined;
    let core: string | undefined;
    let bonus = 0;
    let repeats = false;
    let sameKind = false;
    let kindAnywhere = false;
    for (const edit of remembered) {
      const same = edit.key === key;
      core ??= coreChange(before, mutation.edit.text);
      const sameCore = edit.core === core;
      // The kind of an edit is what it changes, not which operator's table made it: `0` -> `-1`
      // is the same change from the literal and the constant operator, `- 1` dropped the same
      // from the bound and the term deletion.
      const sameChange = sameCore && !edit.namesOnly;
      if (!same && !sameChange && edit.operator !== undefined && edit.kind !== operatorKind(mutation.operator)) continue;
      shape ??= editShape(before, mutation.edit.text);
      const alike = sameChange ? 1 : similarity(edit.shape, shape);
      if (!same && edit.operator === undefined && alike < SAME_KIND_SHAPE) continue;
      const kind = same ? SAME_EDIT_BONUS : SAME_OPERATOR_BONUS + EDIT_SHAPE_BONUS * alike;
      const placeAlike = edit.lineShape ? similarity(edit.lineShape, lineShape(mutation.line)) : undefined;
      bonus = Math.max(bonus, edit.weight * (kind + LOCATION_BONUS * (placeAlike ?? 0)));
      const likeLine = placeAlike === undefined || placeAlike >= REPEAT_LINE_SHAPE;
      kindAnywhere = true;
      sameKind ||= likeLine;
      const repeatLine = placeAlike === undefined || placeAlike >= (edit.namesOnly && !same ? REPEAT_NAMES_LINE_SHAPE : REPEAT_LINE_SHAPE);
      repeats ||= (same || sameCore) && repeatLine;
    }
    return { bonus, repeats, sameKind, kindAnywhere };
  };
}

/**
 * How much of a remembered edit's bonus a mutation gets on a line of this suspiciousness
 * (relative to the most suspicious line, 0 to 1): the tests say where, a memory only which
 * edit to try first there. Squared, so that a remembered kind reorders the most suspicious
 * lines and hardly moves an edit of a line the tests barely point at ahead of those lines' own.
 */
export function suspicionFactor(suspicion: number | undefined): number {
  if (suspicion === undefined) return 1;
  const clamped = Math.min(1, Math.max(0, suspicion));
  return clamped * clamped;
}

/**
 * How many of the search's own first mutations take turns with the memory's order: the search
 * finds many single-token bugs (an off-by-one, a comparison) in its first candidate or two, and a
 * memory of other fixes should not push those back; past them the memory's order decides, since
 * recalled fixes of the same kind in another program are usually right (taking turns all the
 * way measured 8% fewer candidates on bench:memory's Python instead of 17%: every remembered fix
 * found came about twice as late).
 */
export const OWN_TURNS = 2;

/**
 * The mutations in search order, with those like what fixed similar failures before moved
 * forward: the memory's order (the search's key less the remembered edit's bonus, the more so
 * the more suspicious its line: `suspicionOf`, relative to the most suspicious line; without it,
 * as if every line were), with the search's own first `OWN_TURNS` mutations (`ordered`) taking
 * turns with its first ones (the memory's first, the search's first, the memory's second, ...).
 * A remembered kind thus puts at most one candidate ahead of each of the search's own first
 * ones, however many kinds were recalled. With nothing preferred, nothing moves. A remembered
 * fix is a hint, not a filter: every mutation is still tried.
 */
export function preferEdits(
  ordered: readonly Mutation[],
  keyOf: (mutation: Mutation) => number | undefined,
  source: string,
  preferred: readonly WeightedEdit[] | undefined,
  suspicionOf?: (line: number) => number | undefined,
): Mutation[] {
  const match = rememberedMatcher(source, preferred);
  if (!match) return [...ordered];
  const byMemory = ordered
    .map((mutation, index) => ({
      mutation,
      index,
      key: (keyOf(mutation) ?? mutation.cost) - match(mutation).bonus * suspicionFactor(suspicionOf?.(mutation.line)),
    }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map((entry) => entry.mutation);
  return takeTurns(byMemory, ordered.slice(0, OWN_TURNS));
}

/**
 * Both lists' items, one from each in turn (`first` first), each item once (by `identity`, by
 * default the item itself), in each list's order.
 */
export function takeTurns<T>(first: readonly T[], second: readonly T[], identity: (item: T) => unknown = (item) => item): T[] {
  const taken = new Set<unknown>();
  const out: T[] = [];
  const lists = [first, second];
  const next = [0, 0];
  for (let turn = 0; next[0] < first.length || next[1] < second.length; turn = 1 - turn) {
    const list = lists[turn];
    while (next[turn] < list.length && taken.has(identity(list[next[turn]]))) next[turn]++;
    if (next[turn] >= list.length) continue;
    const item = list[next[turn]++];
    taken.add(identity(item));
    out.push(item);
  }
  return out;
}

/**
 * Operators whose edits are one kind of change under two names: the literal operator's one more
 * or one less and the constant operator's 0, 1, -1 and 2 both put one number for another, and
 * which table a number came from says nothing about a similar bug elsewhere.
 */
const KIND_OF_OPERATOR: Partial<Record<OperatorName, OperatorName>> = { constant: "literal" };

/** The kind of edit an operator makes, for comparing a remembered edit with a mutation. */
export function operatorKind(operator: OperatorName): OperatorName {
  return KIND_OF_OPERATOR[operator] ?? operator;
}

/** Layout aside: `i<n` and `i < n` are the same edit. */
function editKey(before: string, after: string): string {
  return `${before.replace(/\s+/g, "")}\u0000${after.replace(/\s+/g, "")}`;
}

/**
 * The change at the edit's core, names aside: the tokens both sides share at either end are
 * left out, so that `len(xs) - 1` -> `len(xs)` and `n - 1` -> `n` are both `- 1` dropped, and
 * `i < n` -> `i <= n` is `<` -> `<=`.
 */
function coreChange(before: string, after: string): string {
  const a = tokensOf(before);
  const b = tokensOf(after);
  const { head, tail } = commonEnds(a, b);
  const abstract = (tokens: string[]) => tokens.slice(head, tokens.length - tail).map(abstractToken).join(" ");
  return `${abstract(a)}\u2192${abstract(b)}`;
}

/** Punctuation that only arranges names (a call's arguments, a member, an index). */
const ARRANGING = new Set([",", ".", "(", ")", "[", "]", "()", "[]", ")(", "](", ")[", "]["]);

/** The core change moves or replaces names only: `$ , $` -> `$ , $`, `$` -> `$`. */
function namesOnly(core: string): boolean {
  return core
    .split("\u2192")
    .flatMap((side) => side.split(" "))
    .every((token) => token === "" || token === "$" || ARRANGING.has(token));
}

function editShape(before: string, after: string): string[] {
  return [...shapeOf(before), "\u2192", ...shapeOf(after)];
}

/**
 * Words that say what a line does in either language, kept as they are; every other name
 * becomes `$` (one program's `xs` is another's `values`). Numbers stay: `0` and `-1` are what
 * an off-by-one is about.
 */
const KEPT = new Set(
  (
    "and as break case const continue def elif else for function if in is lambda let not of or return " +
    "this var while yield None True False null undefined true false new " +
    "range len min max sum abs sorted reversed enumerate zip Math length push append pop slice"
  ).split(" "),
);

function tokensOf(text: string): string[] {
  return text.match(/[A-Za-z_$][\w$]*|\d+(?:\.\d+)?|[^\s\w]+/g) ?? [];
}

function abstractToken(token: string): string {
  return /^[A-Za-z_$]/.test(token) && !KEPT.has(token) ? "$" : token;
}

function shapeOf(text: string): string[] {
  return tokensOf(text).map(abstractToken);
}

/** Dice coefficient of the two token sequences' bigrams: 1 for the same shape, 0 for nothing in common. */
function similarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  if (a.length === 1 || b.length === 1) return a.join(" ") === b.join(" ") ? 1 : 0;
  const counts = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) counts.set(`${a[i]} ${a[i + 1]}`, (counts.get(`${a[i]} ${a[i + 1]}`) ?? 0) + 1);
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const pair = `${b[i]} ${b[i + 1]}`;
    const left = counts.get(pair) ?? 0;
    if (left > 0) {
      shared++;
      counts.set(pair, left - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + b.length - 1);
}
