import type { Mutation } from "./source-edit.js";

/**
 * How many lines the passing tests covered in the original program and no longer cover in the
 * candidate: a fix that keeps the tests' coverage of the function's other branches (a guard
 * that returns only where the failing input goes) reads likelier than one that cuts them off.
 * Lines an edit touches are the fix itself and are not counted; the others are followed to
 * where the edits moved them.
 */
export function linesLost(original: string, mutations: readonly Mutation[], coveredBefore: ReadonlySet<number>, coveredAfter: ReadonlySet<number>): number {
  const lineAt = (offset: number) => original.slice(0, offset).split("\n").length;
  const newlines = (text: string) => text.split("\n").length - 1;
  const edits = mutations.map(({ edit }) => ({
    first: lineAt(edit.start),
    last: lineAt(edit.end),
    shift: newlines(edit.text) - newlines(original.slice(edit.start, edit.end)),
  }));
  let lost = 0;
  for (const line of coveredBefore) {
    if (edits.some((edit) => line >= edit.first && line <= edit.last)) continue;
    const moved = line + edits.filter((edit) => edit.last < line).reduce((sum, edit) => sum + edit.shift, 0);
    if (!coveredAfter.has(moved)) lost++;
  }
  return lost;
}
