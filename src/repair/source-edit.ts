/** Names of the mutation operators, as shown in reports. */
export type OperatorName =
  | "comparison"
  | "arithmetic"
  | "boolean"
  | "assignment_operator"
  | "bound"
  | "literal"
  | "constant"
  | "builtin"
  | "negate_condition"
  | "delete_clause"
  | "delete_term"
  | "unary"
  | "replace_name"
  | "swap_arguments"
  | "delete_statement"
  | "insert_guard"
  | "insert_return"
  | "insert_statement"
  | "wrap"
  | "widen";

/** One replacement of `[start, end)` of the original source by `text`. */
export interface SourceEdit {
  start: number;
  end: number;
  text: string;
}

/** A single-location change proposed by an operator. */
export interface Mutation {
  operator: OperatorName;
  /** 1-based line of the mutated node. */
  line: number;
  edit: SourceEdit;
  /** Search order within a line: cheaper and more common fixes first. */
  cost: number;
  /** The shape of failure this edit fixes, where it fixes one (see `tailShapeOf`): it moves forward when the failures show it. */
  shows?: TailShape;
}

/** A result cut short at its end, or run over: what a missing flush after a loop, or a push too many, does. */
export type TailShape = "missing_tail" | "extra_tail";

/** How an applied edit reads in a report. */
export interface EditDescription {
  operator: OperatorName;
  line: number;
  before: string;
  after: string;
}

/** Splices non-overlapping edits into `source`, keeping every other character as it was. */
export function applyEdits(source: string, edits: readonly SourceEdit[]): string {
  const ordered = [...edits].sort((a, b) => b.start - a.start);
  let result = source;
  for (const edit of ordered) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** True when two edits touch overlapping or adjacent-but-nested ranges of the original. */
export function editsOverlap(a: SourceEdit, b: SourceEdit): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  return a.start < b.end && b.start < a.end;
}

export function describeMutation(source: string, mutation: Mutation): EditDescription {
  return {
    operator: mutation.operator,
    line: mutation.line,
    before: source.slice(mutation.edit.start, mutation.edit.end),
    after: mutation.edit.text,
  };
}
